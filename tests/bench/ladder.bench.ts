/**
 * The ladder (issue 28 item 1): each level against the one below (simple-easy, easy-normal, normal-hard) and hard
 * against simple, on three templates, both seats, seeded, iteration budgets (no clock). For each pairing: the upper
 * player's win share with its 95% Wilson interval, its score (a draw counts half) and the Elo gap with its interval.
 * Aim: each level >= 100 Elo above the one below (hard >= 64% against normal), hard >= 95% against simple.
 * Games per pairing: LADDER_GAMES (default 200); pairings: LADDER_PAIRINGS (e.g. "simple-easy,normal-hard");
 * first seed: LADDER_SEED (default 2800); worker threads: LADDER_WORKERS (default 2). Each game is printed as it ends
 * (LADDER_QUIET=1: not), each pairing as soon as it is done.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { eloGap } from '../../src/rules';
import { bundledWorker } from '../../src/workers/bundle';
import { PAIRINGS, type LadderResult, type Rung } from './ladder-games';
import type { BenchRow, BenchSection } from './harness';

/** Play games [0, n) of a pairing over `workers` threads, each taking the next game as it finishes one. */
async function playPairing(url: URL, lower: Rung, upper: Rung, seed: number, n: number, workers: number): Promise<LadderResult[]> {
  const results: LadderResult[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(workers, n) }, () => new Promise<void>((resolve, reject) => {
    const w = new Worker(url);
    const ask = () => { if (next < n) w.postMessage({ lower, upper, seed, index: next++ }); else { void w.terminate(); resolve(); } };
    w.on('message', (r: LadderResult) => {
      results.push(r);
      // A line a game: a long run stopped early still says what it played (LADDER_QUIET=1 leaves them out).
      if (!process.env.LADDER_QUIET) console.log(`  ${lower}-${upper} game ${r.index}: ${r.template}, upper in seat ${r.upperSeat + 1}, ${r.outcome} (${r.margin >= 0 ? '+' : ''}${r.margin})`);
      ask();
    });
    w.on('error', reject);
    ask();
  })));
  return results.sort((a, b) => a.index - b.index);
}

const pct = (x: number) => (100 * x).toFixed(0);
const elo = (x: number) => (x === Infinity ? '+inf' : x === -Infinity ? '-inf' : `${x >= 0 ? '+' : ''}${Math.round(x)}`);

export const section: BenchSection = {
  name: 'Ladder: each AI level against the one below (issue 28)',
  async run() {
    const n = Math.max(1, Number(process.env.LADDER_GAMES ?? 200));
    const seed = Number(process.env.LADDER_SEED ?? 2800);
    const workers = Math.max(1, Number(process.env.LADDER_WORKERS ?? 2));
    const wanted = process.env.LADDER_PAIRINGS?.split(',');
    const url = await bundledWorker(new URL('./ladder-worker.ts', import.meta.url), new URL('./ladder-worker-entry.mjs', import.meta.url));
    const rows: BenchRow[] = [];
    for (const [lower, upper] of PAIRINGS) {
      if (wanted && !wanted.includes(`${lower}-${upper}`)) continue;
      const start = performance.now();
      const games = await playPairing(url, lower, upper, seed, n, workers);
      const wins = games.filter((g) => g.outcome === 'win').length, draws = games.filter((g) => g.outcome === 'draw').length;
      const gap = eloGap(wins, draws, games.length);
      const byTemplate = [...new Set(games.map((g) => g.template))].map((t) => {
        const of = games.filter((g) => g.template === t);
        return `${t} ${of.filter((g) => g.outcome === 'win').length}/${of.length}`;
      }).join(', ');
      const seats = [0, 1].map((k) => { const of = games.filter((g) => g.upperSeat === k); return `seat ${k + 1} ${of.filter((g) => g.outcome === 'win').length}/${of.length}`; }).join(', ');
      const margin = games.reduce((a, g) => a + g.margin, 0) / games.length;
      rows.push({ label: `${upper} vs ${lower}: win share`, value: 100 * gap.wins.rate, unit: '%', note: `${wins} won, ${draws} drawn of ${games.length}; 95% CI ${pct(gap.wins.low)}-${pct(gap.wins.high)}%; ${byTemplate}; ${seats}` });
      rows.push({ label: `${upper} vs ${lower}: Elo gap`, value: gap.elo, unit: 'Elo', note: `score ${pct(gap.score)}% (95% CI ${pct(gap.scoreLow)}-${pct(gap.scoreHigh)}%), Elo 95% CI ${elo(gap.eloLow)} to ${elo(gap.eloHigh)}; mean margin ${margin.toFixed(1)} points` });
      rows.push({ label: `${upper} vs ${lower}: minutes`, value: (performance.now() - start) / 60000, unit: 'min', note: `${workers} worker threads on ${availableParallelism()} cores` });
      // Each pairing as soon as it is done too: a long run stopped half way still leaves its finished pairings.
      for (const row of rows.slice(-3)) console.log(`  [done] ${row.label}: ${row.unit === 'Elo' ? elo(row.value) : row.value.toFixed(1)} ${row.unit} (${row.note})`);
    }
    return rows;
  },
};
