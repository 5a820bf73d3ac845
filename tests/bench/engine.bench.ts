/**
 * Engine speed (issue 9): full random games on the open-field template, one core. Two ways to play: listing every
 * legal action and picking one at random (randomPolicy, never conceding), and sampleAction playouts (playOut).
 */
import { applyAction, createGame, legalActions, playOut, randomPolicy, type GameState } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { OVER, copyPosition } from '../../src/rules/core/position';
import { applyCore, listActions } from '../../src/rules/core/turn';
import { templateScenario } from '../../src/scenario';
import type { BenchSection } from './harness';

const scenario = templateScenario('open-field')!;

/**
 * CPU time of this process in ms. It counts V8's garbage-collector helper threads too, which run on another core
 * meanwhile (about as much again as the engine itself on this 2-core machine), so it is reported beside wall time.
 */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Where listed play spends its time, by phase: positions, ms listing and ms applying (summed over the games timed). */
const phases = new Map<string, { positions: number; listMs: number; applyMs: number }>();

function listed(seed: number): { actions: number; legalMs: number } {
  const pick = randomPolicy(seed);
  let s: GameState = createGame(scenario, { seed });
  let actions = 0, legalMs = 0;
  while (s.phase !== 'over') {
    const t = performance.now();
    const legal = legalActions(s);
    const t1 = performance.now();
    const a = pick(s, legal);
    const t2 = performance.now();
    const next = applyAction(s, a);
    const p = phases.get(s.phase) ?? { positions: 0, listMs: 0, applyMs: 0 };
    phases.set(s.phase, { positions: p.positions + 1, listMs: p.listMs + t1 - t, applyMs: p.applyMs + performance.now() - t2 });
    legalMs += t1 - t;
    s = next;
    actions++;
  }
  return { actions, legalMs };
}

/**
 * The same listed play on the engine's core, as a simulation that lists every action would run it: one position
 * (src/rules/core/position.ts) changed in place, no JSON state made per action.
 */
function core(seed: number): { actions: number; legalMs: number } {
  const pick = randomPolicy(seed);
  const p = copyPosition(positionOf(createGame(scenario, { seed })));
  p.events = null;
  let actions = 0;
  while (p.phase !== OVER) {
    applyCore(p, pick(null as unknown as GameState, listActions(p)));
    actions++;
  }
  return { actions, legalMs: 0 };
}

function sampled(seed: number): { actions: number; legalMs: number } {
  const end = playOut(createGame(scenario, { seed }), randomPolicy(seed), applyAction);
  return { actions: end.log.length, legalMs: 0 };
}

/** Games played for `ms` of wall time on this (main) thread; the rates by wall time and by process CPU time. */
function measure(play: (seed: number) => { actions: number; legalMs: number }, ms: number, first: number) {
  let games = 0, actions = 0, legalMs = 0;
  const start = performance.now(), cpu = cpuMs();
  while (performance.now() - start < ms || games < 3) {
    const r = play(first + ++games);
    actions += r.actions;
    legalMs += r.legalMs;
  }
  const secs = (performance.now() - start) / 1000, cpuSecs = (cpuMs() - cpu) / 1000;
  return { games: games / secs, cpuGames: games / cpuSecs, actions: actions / secs, perGame: actions / games, legalShare: (100 * legalMs) / 1000 / secs };
}

type Measure = ReturnType<typeof measure>;

/**
 * This machine's speed drifts by tens of percent from one second to the next, so both ways of playing are measured in
 * ROUNDS short rounds taken in turn (each sees the same conditions), and the median round is reported with the range.
 */
const ROUNDS = 5;

function median(rounds: Measure[]): Measure {
  return [...rounds].sort((a, b) => a.games - b.games)[Math.floor(rounds.length / 2)]!;
}

const range = (rounds: Measure[]) => `rounds ${Math.min(...rounds.map((r) => r.games)).toFixed(1)}-${Math.max(...rounds.map((r) => r.games)).toFixed(1)}`;

export const section: BenchSection = {
  name: 'Rules engine (issue 9)',
  run() {
    listed(0); // warm-up
    core(0);
    sampled(0);
    const ls: Measure[] = [], cs: Measure[] = [], ps: Measure[] = [];
    for (let k = 0; k < ROUNDS; k++) {
      ls.push(measure(listed, 1200, 1000 * k));
      cs.push(measure(core, 1200, 1000 * k));
      ps.push(measure(sampled, 1200, 1000 * k));
    }
    const l = median(ls), c = median(cs), p = median(ps);
    const perGame = ls.reduce((n, r) => n + r.perGame, 0) / ls.length;
    const games = [...phases.values()].reduce((n, x) => n + x.positions, 0) / perGame;
    const byPhase = [...phases].sort((a, b) => (b[1].listMs + b[1].applyMs) - (a[1].listMs + a[1].applyMs)).slice(0, 3).map(([name, x]) => ({
      label: `  ${name} phase, legalActions play: ms a game`, value: (x.listMs + x.applyMs) / games, unit: 'ms',
      note: `${Math.round(x.positions / games)} positions a game; ${Math.round((1000 * x.listMs) / x.positions)} µs listing and ${Math.round((1000 * x.applyMs) / x.positions)} µs applying each`,
    }));
    return [
      { label: 'random full games, legalActions play (open-field, 12 turns)', value: l.games, unit: 'games/s', note: `floor >= 200; median of ${ROUNDS} ${range(ls)}; ${l.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'actions applied, legalActions play', value: l.actions, unit: 'per s', note: `${Math.round(l.perGame)} actions a game` },
      { label: 'share of time listing legal actions', value: l.legalShare, unit: '%' },
      ...byPhase,
      { label: 'random full games, listed play on the core (no JSON states)', value: c.games, unit: 'games/s', note: `median of ${ROUNDS} ${range(cs)}; ${c.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'random full games, sampleAction playouts', value: p.games, unit: 'games/s', note: `aim >= 2,000; median of ${ROUNDS} ${range(ps)}; ${p.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'actions applied, sampleAction playouts', value: p.actions, unit: 'per s', note: `${Math.round(p.perGame)} actions a game` },
    ];
  },
};
