/**
 * Search simulations per second, one core (issue 28 item 3). A simulation is what the search runs for each plan or
 * candidate: a fresh hidden world drawn from a side's view, then the simple policy for both sides to the end of the
 * next turn (at most 250 actions). Positions: the move phase of turn 3 of three templates, reached by simple play.
 * Three routes are timed in alternating rounds (so a busy machine slows them alike): playouts that write the JSON
 * state after each action (a working copy, applyInPlace: the route the search used before issue 28, "before"), the
 * same choices on the engine's core position from the whole listing (simpleChoice over listActions: no JSON, every
 * action listed), and the simple policy's own route on the core (onCore: a unit's moves listed only where its move
 * search says they could matter, "after"). Rounds: PLAYOUT_BENCH_ROUNDS (default 3) of PLAYOUT_BENCH_MS (default
 * 1000) each; the figures are per second of this process's CPU time (one core).
 */
import { applyAction, createGame, legalActions, simplePolicy, viewFor, type GameState, type Policy } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { listActions, type Position } from '../../src/engine';
import { simpleChoice } from '../../src/ai/basic';
import { createRng } from '../../src/rules/random';
import { playCore, playUntil } from '../../src/ai/playout';
import { sampleWorld, sampleWorldCore } from '../../src/ai/choices';
import { stream } from '../../src/ai/rng';
import type { GameView } from '../../src/rules/view';
import { templateScenario } from '../../src/scenario';
import type { BenchRow, BenchSection } from './harness';

const TEMPLATES = ['open-field', 'roadside-village', 'river-crossing'];

/** The view of the side to act at turn 3's move phase. */
function startOf(template: string): GameView {
  let s: GameState = createGame(templateScenario(template)!, { seed: 5 });
  const pol = simplePolicy(3);
  while (!(s.turn === 3 && s.phase === 'move')) s = applyAction(s, pol(s, legalActions(s)));
  return viewFor(s, s.toAct!);
}

/** The simple policy as a plain policy (no core route): its playouts write the JSON state after every action. */
function jsonOnly(seed: number): Policy {
  const simple = simplePolicy(seed);
  return (s, a) => simple(s, a);
}

/** The simple policy's choices on the core made from the whole listing (its readable reference). */
function listing(seed: number): (p: Position) => ReturnType<NonNullable<Policy['onCore']>> {
  const r = createRng(seed);
  return (p) => { const all = listActions(p); return all.length === 0 ? null : simpleChoice(p, all, r); };
}

/** Simulations per wall second and per second of this process's CPU time, over `ms`; and actions per simulation. */
function rate(ms: number, one: () => number): { wall: number; cpu: number; actions: number } {
  const c0 = process.cpuUsage(), t0 = performance.now();
  let n = 0, actions = 0;
  while (performance.now() - t0 < ms) { actions += one(); n++; }
  const c = process.cpuUsage(c0), wall = (performance.now() - t0) / 1000;
  return { wall: n / wall, cpu: n / ((c.user + c.system) / 1e6), actions: actions / n };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const section: BenchSection = {
  name: 'AI playouts: search simulations per second, one core (issue 28)',
  run() {
    const rounds = Math.max(1, Number(process.env.PLAYOUT_BENCH_ROUNDS ?? 3));
    const ms = Math.max(100, Number(process.env.PLAYOUT_BENCH_MS ?? 1000));
    const rows: BenchRow[] = [];
    const all = { json: [] as number[], listed: [] as number[], core: [] as number[] };
    for (const template of TEMPLATES) {
      const view = startOf(template);
      const base = positionOf(view), turn = view.turn;
      const r = stream(1);
      const stop = (p: Position) => p.turn >= turn + 2;
      const json = () => { const s = sampleWorld(view, r); const end = playUntil(s, jsonOnly(r.seed()), (x) => x.turn >= turn + 2, 250); return end.log.length - view.log.length; };
      const listed = () => playCore(sampleWorldCore(view.hiddenPicks, base, r), listing(r.seed()), stop, 250);
      const core = () => playCore(sampleWorldCore(view.hiddenPicks, base, r), simplePolicy(r.seed()).onCore!, stop, 250);
      const js: Array<ReturnType<typeof rate>> = [], ls: Array<ReturnType<typeof rate>> = [], cs: Array<ReturnType<typeof rate>> = [];
      rate(200, json); rate(200, listed); rate(200, core); // warm-up
      for (let k = 0; k < rounds; k++) { js.push(rate(ms, json)); ls.push(rate(ms, listed)); cs.push(rate(ms, core)); }
      const j = median(js.map((x) => x.cpu)), l = median(ls.map((x) => x.cpu)), c = median(cs.map((x) => x.cpu));
      all.json.push(j); all.listed.push(l); all.core.push(c);
      rows.push({ label: `${template}: before (JSON states)`, value: j, unit: 'sims/cpu-s', note: `${median(js.map((x) => x.wall)).toFixed(1)} a wall second; ${Math.round(js[0]!.actions)} actions a simulation` });
      rows.push({ label: `${template}: core, whole listing`, value: l, unit: 'sims/cpu-s', note: `${median(ls.map((x) => x.wall)).toFixed(1)} a wall second; ${(l / j).toFixed(1)}x before` });
      rows.push({ label: `${template}: after (simple policy's route)`, value: c, unit: 'sims/cpu-s', note: `${median(cs.map((x) => x.wall)).toFixed(1)} a wall second; ${(c / j).toFixed(1)}x before, ${(c / l).toFixed(1)}x the whole listing` });
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const note = `median of ${rounds} alternating rounds of ${ms} ms; CPU time of this process`;
    rows.push({ label: 'after over before (mean of templates)', value: mean(all.core.map((c, i) => c / all.json[i]!)), unit: 'x', note });
    rows.push({ label: 'after over the whole listing (mean)', value: mean(all.core.map((c, i) => c / all.listed[i]!)), unit: 'x', note });
    return rows;
  },
};
