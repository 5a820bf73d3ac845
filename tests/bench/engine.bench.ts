/**
 * Engine speed (issue 9): full random games on the open-field template, one core. Two ways to play: listing every
 * legal action and picking one at random (randomPolicy, never conceding), and sampleAction playouts (playOut).
 */
import { applyAction, createGame, legalActions, playOut, randomPolicy, type GameState } from '../../src/rules';
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

function sampled(seed: number): { actions: number; legalMs: number } {
  const end = playOut(createGame(scenario, { seed }), randomPolicy(seed), applyAction);
  return { actions: end.log.length, legalMs: 0 };
}

/** Games played for `ms` of wall time on this (main) thread; the rates by wall time and by process CPU time. */
function measure(play: (seed: number) => { actions: number; legalMs: number }, ms: number) {
  play(0); // warm-up
  let games = 0, actions = 0, legalMs = 0;
  const start = performance.now(), cpu = cpuMs();
  while (performance.now() - start < ms || games < 3) {
    const r = play(++games);
    actions += r.actions;
    legalMs += r.legalMs;
  }
  const secs = (performance.now() - start) / 1000, cpuSecs = (cpuMs() - cpu) / 1000;
  return { games: games / secs, cpuGames: games / cpuSecs, actions: actions / secs, perGame: actions / games, legalShare: (100 * legalMs) / 1000 / secs };
}

export const section: BenchSection = {
  name: 'Rules engine (issue 9)',
  run() {
    const l = measure(listed, 3000);
    const games = [...phases.values()].reduce((n, p) => n + p.positions, 0) / l.perGame;
    const byPhase = [...phases].sort((a, b) => (b[1].listMs + b[1].applyMs) - (a[1].listMs + a[1].applyMs)).slice(0, 3).map(([name, p]) => ({
      label: `  ${name} phase, legalActions play: ms a game`, value: (p.listMs + p.applyMs) / games, unit: 'ms',
      note: `${Math.round(p.positions / games)} positions a game; ${Math.round((1000 * p.listMs) / p.positions)} µs listing and ${Math.round((1000 * p.applyMs) / p.positions)} µs applying each`,
    }));
    const p = measure(sampled, 3000);
    return [
      { label: 'random full games, legalActions play (open-field, 12 turns)', value: l.games, unit: 'games/s', note: `floor >= 200; ${l.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'actions applied, legalActions play', value: l.actions, unit: 'per s', note: `${Math.round(l.perGame)} actions a game` },
      { label: 'share of time listing legal actions', value: l.legalShare, unit: '%' },
      ...byPhase,
      { label: 'random full games, sampleAction playouts', value: p.games, unit: 'games/s', note: `aim >= 2,000; ${p.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'actions applied, sampleAction playouts', value: p.actions, unit: 'per s', note: `${Math.round(p.perGame)} actions a game` },
    ];
  },
};
