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

function listed(seed: number): { actions: number; legalMs: number } {
  const pick = randomPolicy(seed);
  let s: GameState = createGame(scenario, { seed });
  let actions = 0, legalMs = 0;
  while (s.phase !== 'over') {
    const t = performance.now();
    const legal = legalActions(s);
    legalMs += performance.now() - t;
    s = applyAction(s, pick(s, legal));
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
    const p = measure(sampled, 3000);
    return [
      { label: 'random full games, legalActions play (open-field, 12 turns)', value: l.games, unit: 'games/s', note: `floor >= 200; ${l.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'actions applied, legalActions play', value: l.actions, unit: 'per s', note: `${Math.round(l.perGame)} actions a game` },
      { label: 'share of time listing legal actions', value: l.legalShare, unit: '%' },
      { label: 'random full games, sampleAction playouts', value: p.games, unit: 'games/s', note: `aim >= 2,000; ${p.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'actions applied, sampleAction playouts', value: p.actions, unit: 'per s', note: `${Math.round(p.perGame)} actions a game` },
    ];
  },
};
