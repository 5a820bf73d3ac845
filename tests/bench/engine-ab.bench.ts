/**
 * The engine against an earlier version of itself, in one process (issue 26 item 6): `ENGINE_BASE=<dir> npm run bench
 * -- engine`, where <dir> is a checkout of the earlier commit with its node_modules (for example `git worktree add
 * ../base <rev>` and a link to this tree's node_modules). Both engines play the same seeded random games, listed play
 * (legalActions, one JSON state per action) and sampled playouts, in rounds where each seed's game is played by both
 * one right after the other (A B, then B A, ...), so both see the same machine: this machine's speed drifts by tens of percent from one second to the next, far more
 * than the change measured. Each round is timed by the process's CPU time. Reported per way of playing: actions per
 * CPU second of each, and this tree's speed over the base's as the geometric mean of the rounds' ratios with its 95%
 * interval (above 1: this tree is faster). Actions per second is the fair measure when the rules changed between
 * the two (the same seeds then play different games); games per second is given beside it.
 * Both trees are bundled by esbuild first, as the app ships them (bundled.ts); ENGINE_AB_SOURCES=1 runs their sources
 * through tsx instead. ENGINE_AB_ROUNDS (default 12) and ENGINE_AB_TEMPLATES (default open-field,two-divisions) set the run.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { BenchRow, BenchSection } from './harness';
import { bundledTree } from './bundled';

interface Engine {
  createGame(scenario: never, options: { seed: number }): State;
  applyAction(s: State, a: unknown): State;
  legalActions(s: State): unknown[];
  randomPolicy(seed: number): (s: State, actions: unknown[]) => unknown;
  playOut(s: State, policy: (s: State, actions: unknown[]) => unknown, apply: (s: State, a: unknown) => State): State;
}
interface State { phase: string; log: unknown[] }
interface Tree { engine: Engine; scenario(name: string): unknown }

/**
 * A tree's engine and templates: bundled as the app ships them (bundled.ts), or with ENGINE_AB_SOURCES=1 its sources
 * through tsx, as the CLI runs them.
 */
async function loadTree(dir: string): Promise<Tree> {
  if (process.env.ENGINE_AB_SOURCES !== '1') {
    const m = await bundledTree(dir);
    return { engine: m as unknown as Engine, scenario: (name) => (m.templateScenario as (n: string) => unknown)(name) };
  }
  const at = (path: string) => pathToFileURL(resolve(dir, path)).href;
  const engine = (await import(at('src/rules/index.ts'))) as Engine;
  const scenarios = (await import(at('src/scenario/index.ts'))) as { templateScenario(name: string): unknown };
  return { engine, scenario: (name) => scenarios.templateScenario(name) };
}

/** Listed play: every legal action listed, one picked at random; the number of actions the game took. */
function listed(e: Engine, scenario: unknown, seed: number): number {
  const pick = e.randomPolicy(seed);
  let s = e.createGame(scenario as never, { seed });
  let n = 0;
  while (s.phase !== 'over') { s = e.applyAction(s, pick(s, e.legalActions(s))); n++; }
  return n;
}

/** A sampled playout (sampleAction, no full listing): the number of actions the game took. */
function sampled(e: Engine, scenario: unknown, seed: number): number {
  return e.playOut(e.createGame(scenario as never, { seed }), e.randomPolicy(seed), e.applyAction).log.length;
}

const cpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

/**
 * One round: each seed's game played by both engines one right after the other, the first to play taking turns, so
 * both see the machine as it is within a fraction of a second (the machine's speed drifts within a round too: timing
 * a block of one engine's games, then the other's, left intervals two to three times as wide). Actions and games per
 * CPU second of each.
 */
function timedRound(play: typeof listed, a: Engine, sa: unknown, b: Engine, sb: unknown, seeds: readonly number[], round: number) {
  let secsA = 0, secsB = 0, actionsA = 0, actionsB = 0;
  const one = (e: Engine, scenario: unknown, seed: number) => { const t = cpuSeconds(); const n = play(e, scenario, seed); return { n, secs: cpuSeconds() - t }; };
  seeds.forEach((seed, i) => {
    for (const who of (round + i) % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
      const r = who === 'A' ? one(a, sa, seed) : one(b, sb, seed);
      if (who === 'A') { secsA += r.secs; actionsA += r.n; } else { secsB += r.secs; actionsB += r.n; }
    }
  });
  return { a: { actions: actionsA / secsA, games: seeds.length / secsA }, b: { actions: actionsB / secsB, games: seeds.length / secsB } };
}

/** Geometric mean of ratios with a 95% t-interval over the rounds (log scale). */
function ratioInterval(ratios: readonly number[]): { mean: number; low: number; high: number } {
  const logs = ratios.map(Math.log), n = logs.length;
  const m = logs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(logs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, n - 1));
  // Two-sided 97.5% points of Student's t for small samples; 1.96 beyond 30 rounds.
  const T = [12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.1, 2.09, 2.09];
  const t = n - 1 < 1 ? Infinity : (T[n - 2] ?? (n - 1 < 30 ? 2.05 : 1.96));
  const half = (t * sd) / Math.sqrt(n);
  return { mean: Math.exp(m), low: Math.exp(m - half), high: Math.exp(m + half) };
}

export const section: BenchSection = {
  name: `Engine-AB: this tree against an earlier one, ${process.env.ENGINE_AB_SOURCES === '1' ? 'sources through tsx' : 'both bundled as the app ships them'} (issue 26; ENGINE_BASE=<dir>; alone: npm run bench -- engine-ab)`,
  async run(): Promise<BenchRow[]> {
    const base = process.env.ENGINE_BASE;
    if (!base) return [{ label: 'skipped: no ENGINE_BASE', value: 0, unit: '', note: 'set ENGINE_BASE to a checkout of the commit to compare with' }];
    const A = await loadTree(base), B = await loadTree('.');
    const rounds = Math.max(2, Number(process.env.ENGINE_AB_ROUNDS ?? 12));
    const templates = (process.env.ENGINE_AB_TEMPLATES ?? 'open-field,two-divisions').split(',');
    const rows: BenchRow[] = [];
    for (const template of templates) {
      const sa = A.scenario(template), sb = B.scenario(template);
      if (!sa || !sb) throw new Error(`ENGINE_AB_TEMPLATES: no template "${template}" in both trees`);
      for (const [name, play, per] of [['listed play', listed, 25], ['sampled playouts', sampled, 100]] as const) {
        // Warm both engines up (the JIT, the move memo) on seeds the rounds do not use.
        for (let i = 0; i < per; i++) { play(A.engine, sa, 900_000 + i); play(B.engine, sb, 900_000 + i); }
        const ra: number[] = [], rb: number[] = [], ga: number[] = [], gb: number[] = [];
        for (let round = 0; round < rounds; round++) {
          const seeds = Array.from({ length: per }, (_, i) => round * 1000 + i + 1);
          const r = timedRound(play, A.engine, sa, B.engine, sb, seeds, round);
          ra.push(r.a.actions); rb.push(r.b.actions); ga.push(r.a.games); gb.push(r.b.games);
        }
        const med = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)]!;
        const byActions = ratioInterval(ra.map((a, i) => rb[i]! / a));
        const byGames = ratioInterval(ga.map((a, i) => gb[i]! / a));
        rows.push({
          label: `${template}, ${name}: this tree / base`, value: byActions.mean, unit: 'x actions/CPU-s',
          note: `95% CI ${byActions.low.toFixed(3)}-${byActions.high.toFixed(3)} over ${rounds} rounds of ${per} games; median ${Math.round(med(rb)).toLocaleString('en')} against ${Math.round(med(ra)).toLocaleString('en')} actions/CPU-s; by games ${byGames.mean.toFixed(3)}x (${byGames.low.toFixed(3)}-${byGames.high.toFixed(3)})`,
        });
      }
    }
    return rows;
  },
};
