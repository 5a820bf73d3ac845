/**
 * Engine speed (issue 9): full random games on the open-field template, one core. Two ways to play: listing every
 * legal action and picking one at random (randomPolicy, never conceding), and sampleAction playouts (playOut).
 */
import { applyAction, createGame, legalActions, playOut, randomPolicy, type GameState } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { OVER, copyPosition } from '../../src/engine/position';
import { applyCore, listActions } from '../../src/engine';
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

function listed(seed: number): number {
  const pick = randomPolicy(seed);
  let s: GameState = createGame(scenario, { seed });
  let actions = 0;
  while (s.phase !== 'over') {
    s = applyAction(s, pick(s, legalActions(s)));
    actions++;
  }
  return actions;
}

/**
 * Where listed play spends its time, by phase: positions, ms listing and ms applying (summed over the games played).
 * Its own games, after the timed rounds: reading the clock around every call would slow the games it times.
 */
function breakdown(games: number) {
  const phases = new Map<string, { positions: number; listMs: number; applyMs: number }>();
  let listMs = 0, total = 0;
  for (let g = 1; g <= games; g++) {
    const pick = randomPolicy(50_000 + g);
    let s: GameState = createGame(scenario, { seed: 50_000 + g });
    const start = performance.now();
    while (s.phase !== 'over') {
      const t = performance.now();
      const legal = legalActions(s);
      const t1 = performance.now();
      const a = pick(s, legal);
      const t2 = performance.now();
      const next = applyAction(s, a);
      const t3 = performance.now();
      const p = phases.get(s.phase) ?? { positions: 0, listMs: 0, applyMs: 0 };
      p.positions++; p.listMs += t1 - t; p.applyMs += t3 - t2;
      phases.set(s.phase, p);
      listMs += t1 - t;
      s = next;
    }
    total += performance.now() - start;
  }
  return { phases, games, listShare: (100 * listMs) / total };
}

/**
 * The same listed play on the engine's core, as a simulation that lists every action would run it: one position
 * (src/engine/position.ts) changed in place, no JSON state made per action.
 */
function core(seed: number): number {
  const pick = randomPolicy(seed);
  const p = copyPosition(positionOf(createGame(scenario, { seed })));
  p.events = null;
  let actions = 0;
  while (p.phase !== OVER) {
    applyCore(p, pick(null as unknown as GameState, listActions(p)));
    actions++;
  }
  return actions;
}

function sampled(seed: number): number {
  return playOut(createGame(scenario, { seed }), randomPolicy(seed), applyAction).log.length;
}

/** Games played for `ms` of wall time on this (main) thread; the rates by wall time and by process CPU time. */
function measure(play: (seed: number) => number, ms: number, first: number) {
  let games = 0, actions = 0;
  const start = performance.now(), cpu = cpuMs();
  while (performance.now() - start < ms || games < 3) {
    actions += play(first + ++games);
  }
  const secs = (performance.now() - start) / 1000, cpuSecs = (cpuMs() - cpu) / 1000;
  return { games: games / secs, cpuGames: games / cpuSecs, actions: actions / secs, perGame: actions / games };
}

type Measure = ReturnType<typeof measure>;

/**
 * This machine's speed drifts by tens of percent from one second to the next, so both ways of playing are measured in
 * ROUNDS short rounds taken in turn (each sees the same conditions), and the median round is reported with the range.
 */
const ROUNDS = 5;
/**
 * Play before the rounds, per way of playing (ms of wall time, on seeds the rounds do not use): the engine is several
 * times slower in its first second than from its third on, while the JIT compiles it and the caches a scenario's games
 * share fill (the move memo, the interned actions). The rounds measure play from then on, as a balance run or a
 * search player plays; the first second from a cold start is reported beside them.
 */
const WARM_UP = { listed: 3000, core: 1500, sampled: 1500 };

function median(rounds: Measure[]): Measure {
  return [...rounds].sort((a, b) => a.games - b.games)[Math.floor(rounds.length / 2)]!;
}

const range = (rounds: Measure[]) => `rounds ${Math.min(...rounds.map((r) => r.games)).toFixed(1)}-${Math.max(...rounds.map((r) => r.games)).toFixed(1)}`;

export const section: BenchSection = {
  name: 'Rules engine (issue 9)',
  run() {
    const cold = measure(listed, 1200, 900_000);
    measure(listed, WARM_UP.listed, 800_000);
    measure(core, WARM_UP.core, 800_000);
    measure(sampled, WARM_UP.sampled, 800_000);
    const ls: Measure[] = [], cs: Measure[] = [], ps: Measure[] = [];
    for (let k = 0; k < ROUNDS; k++) {
      ls.push(measure(listed, 1200, 1000 * k));
      cs.push(measure(core, 1200, 1000 * k));
      ps.push(measure(sampled, 1200, 1000 * k));
    }
    const l = median(ls), c = median(cs), p = median(ps);
    const { phases, games, listShare } = breakdown(100);
    const byPhase = [...phases].sort((a, b) => (b[1].listMs + b[1].applyMs) - (a[1].listMs + a[1].applyMs)).slice(0, 3).map(([name, x]) => ({
      label: `  ${name} phase, legalActions play: ms a game`, value: (x.listMs + x.applyMs) / games, unit: 'ms',
      note: `${Math.round(x.positions / games)} positions a game; ${Math.round((1000 * x.listMs) / x.positions)} µs listing and ${Math.round((1000 * x.applyMs) / x.positions)} µs applying each (timed apart)`,
    }));
    return [
      { label: 'random full games, legalActions play (open-field, 12 turns)', value: l.games, unit: 'games/s', note: `floor >= 200; median of ${ROUNDS} ${range(ls)}; ${l.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'actions applied, legalActions play', value: l.actions, unit: 'per s', note: `${Math.round(l.perGame)} actions a game` },
      { label: '  the same in the first 1.2 s from a cold start', value: cold.games, unit: 'games/s', note: `before the ${(WARM_UP.listed / 1000).toFixed(0)} s of play that precede the rounds` },
      { label: 'share of time listing legal actions', value: listShare, unit: '%', note: 'from 100 games timed call by call, apart from the rounds' },
      ...byPhase,
      { label: 'random full games, listed play on the core (no JSON states)', value: c.games, unit: 'games/s', note: `median of ${ROUNDS} ${range(cs)}; ${c.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'random full games, sampleAction playouts', value: p.games, unit: 'games/s', note: `aim >= 2,000; median of ${ROUNDS} ${range(ps)}; ${p.cpuGames.toFixed(1)} a second of process CPU time` },
      { label: 'actions applied, sampleAction playouts', value: p.actions, unit: 'per s', note: `${Math.round(p.perGame)} actions a game` },
    ];
  },
};
