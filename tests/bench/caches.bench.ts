/**
 * What each cache of the engine's core is worth (issue 26 item 3): listed play (legalActions + applyAction, as the
 * play view, the fuzz suite and listing searches play) and sampled playouts, with every cache on and with each one
 * switched off in turn, in alternating short rounds (this machine's speed drifts), median of the rounds. A cache whose
 * "worth" is about 1.0x on every row does not pay for itself and should go.
 */
import { applyAction, createGame, legalActions, playOut, randomPolicy, simplePolicy, type GameState } from '../../src/rules';
import { CACHE_NAMES, withCaches, type CacheSwitches } from '../../src/engine';
import { templateScenario } from '../../src/scenario';
import type { BenchSection } from './harness';

const TEMPLATES = ['open-field', 'river-crossing', 'two-divisions'];

function listedGame(id: string, seed: number, simple: boolean): number {
  const scenario = templateScenario(id)!;
  const pick = simple ? simplePolicy(seed) : randomPolicy(seed);
  let s: GameState = createGame(scenario, { seed });
  let n = 0;
  while (s.phase !== 'over') { s = applyAction(s, pick(s, legalActions(s))); n++; }
  return n;
}

function sampledGame(id: string, seed: number): number {
  return playOut(createGame(templateScenario(id)!, { seed }), randomPolicy(seed), applyAction).log.length;
}

/** Games a second of `play` over ms of wall time. */
function rate(play: (seed: number) => number, ms: number, first: number): number {
  let games = 0;
  const start = performance.now();
  while (performance.now() - start < ms || games < 2) play(first + ++games);
  return games / ((performance.now() - start) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);

export const section: BenchSection = {
  name: 'Core caches (issue 26)',
  run() {
    const ways: Array<[string, (seed: number) => number]> = [
      ...TEMPLATES.map((id): [string, (seed: number) => number] => [`listed random play, ${id}`, (seed) => listedGame(id, seed, false)]),
      ['listed simple play, open-field', (seed) => listedGame('open-field', seed, true)],
      ['sampled playouts, open-field', (seed) => sampledGame('open-field', seed)],
    ];
    const settings: Array<[string, Partial<CacheSwitches>]> = [['all on', {}], ...CACHE_NAMES.map((k): [string, Partial<CacheSwitches>] => [k, { [k]: false }])];
    const rows = [];
    for (const [label, play] of ways) {
      rate(play, 1500, 700_000); // warm up: JIT and the memo a scenario's games share
      const got = new Map<string, number[]>(settings.map(([k]) => [k, []]));
      // Each round takes the settings in another order (the first of a round tends to run slower), on the same seeds.
      for (let r = 0; r < ROUNDS; r++) {
        for (let i = 0; i < settings.length; i++) {
          const [k, set] = settings[(i + r) % settings.length]!;
          got.get(k)!.push(withCaches(set, () => rate(play, 600, 1000 * r)));
        }
      }
      const on = median(got.get('all on')!);
      rows.push({ label, value: on, unit: 'games/s', note: `all caches on; median of ${ROUNDS} rounds` });
      for (const [k] of settings.slice(1)) {
        const off = median(got.get(k)!);
        rows.push({ label: `  worth of ${k}`, value: on / off, unit: 'x', note: `${off.toFixed(1)} games/s without it` });
      }
    }
    return rows;
  },
};
