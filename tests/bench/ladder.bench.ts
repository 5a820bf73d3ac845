/**
 * The ladder (issues 28 and 43): each level against the one below (simple-easy, easy-normal, normal-hard) and hard
 * against simple, seeded, iteration budgets (no clock), on the templates and on generated scenarios no level was tuned
 * on (a fresh seed range each run unless LADDER_GEN_SEED is given). Games come in pairs: one seed, the same scenario
 * and dice, the upper player once in each seat. For each pairing and set: the paired point margin (a pair's two
 * margins summed, so the seat cancels out) with its 95% interval, first; beside it the upper player's win share with
 * its 95% Wilson interval, the Elo gap with its interval, the wins in each seat, and how many pairs the upper player
 * won both games of, one (where one seat won both games whoever played it), or neither, and the share of pairs whose
 * summed margin favours the upper player (pairs ahead: a win share free of the seat).
 * Aim (issue 43): each level's paired margin clearly above zero over the one below; hard >= +15 points a pair over
 * normal on generated scenarios, and >= 95% against simple.
 * Games per pairing and set: LADDER_GAMES (default 200, rounded up to whole pairs); pairings: LADDER_PAIRINGS (e.g.
 * "simple-easy,normal-hard"); sets: LADDER_SETS ("templates,generated", the default); dice seed: LADDER_SEED (default
 * 2800); first generated scenario: LADDER_GEN_SEED (default: from the clock, printed); worker threads: LADDER_WORKERS
 * (default 2); a level's budget changed for a screen: LADDER_BUDGET_HARD (and _EASY, _NORMAL), JSON such as
 * '{"turns":2}'. Each game is printed as it ends (LADDER_QUIET=1: not), each pairing as soon as it is done.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { eloGap, wilsonInterval } from '../../src/rules';
import { pairedMargin } from '../../src/ai/stats';
import { bundledWorker } from '../../src/workers/bundle';
import { PAIRINGS, pairOutcomes, pairSums, type LadderGame, type LadderResult, type LadderSet } from './ladder-games';
import type { BenchRow, BenchSection } from './harness';

/** Play games [0, n) of a pairing over `workers` threads, each taking the next game as it finishes one. */
async function playPairing(url: URL, base: Omit<LadderGame, 'index'>, n: number, workers: number): Promise<LadderResult[]> {
  const results: LadderResult[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(workers, n) }, () => new Promise<void>((resolve, reject) => {
    const w = new Worker(url);
    const ask = () => { if (next < n) w.postMessage({ ...base, index: next++ }); else { void w.terminate(); resolve(); } };
    w.on('message', (r: LadderResult) => {
      results.push(r);
      // A line a game: a long run stopped early still says what it played (LADDER_QUIET=1 leaves them out).
      if (!process.env.LADDER_QUIET) console.log(`  ${base.lower}-${base.upper} ${r.set} game ${r.index} (pair ${r.pair}): ${r.template}, upper in seat ${r.upperSeat + 1}, ${r.outcome} (${r.margin >= 0 ? '+' : ''}${r.margin})`);
      ask();
    });
    w.on('error', reject);
    ask();
  })));
  return results.sort((a, b) => a.index - b.index);
}

const pct = (x: number) => (100 * x).toFixed(0);
const signed = (x: number, d = 1) => (x === Infinity ? '+inf' : x === -Infinity ? '-inf' : `${x >= 0 ? '+' : ''}${x.toFixed(d)}`);
const elo = (x: number) => signed(x, 0);

export const section: BenchSection = {
  name: 'Ladder: each AI level against the one below, paired point margins (issues 28, 43)',
  async run() {
    const n = 2 * Math.ceil(Math.max(2, Number(process.env.LADDER_GAMES ?? 200)) / 2);
    const seed = Number(process.env.LADDER_SEED ?? 2800);
    // A fresh range of generated scenarios each run (printed, so a run can be repeated with LADDER_GEN_SEED).
    const first = process.env.LADDER_GEN_SEED !== undefined ? Number(process.env.LADDER_GEN_SEED) : 100_000 + (Math.floor(Date.now() / 1000) % 1_000_000) * 10;
    const workers = Math.max(1, Number(process.env.LADDER_WORKERS ?? 2));
    const wanted = process.env.LADDER_PAIRINGS?.split(',');
    const sets = (process.env.LADDER_SETS?.split(',') ?? ['templates', 'generated']) as LadderSet[];
    for (const l of ['EASY', 'NORMAL', 'HARD']) if (process.env[`LADDER_BUDGET_${l}`]) console.log(`  ladder: ${l.toLowerCase()} budget changed by ${process.env[`LADDER_BUDGET_${l}`]}`);
    console.log(`  ladder: ${n} games (${n / 2} pairs) a pairing and set; dice seed ${seed}; generated scenarios ${first}..${first + n / 2 - 1} (LADDER_GEN_SEED=${first} repeats them)`);
    const url = await bundledWorker(new URL('./ladder-worker.ts', import.meta.url), new URL('./ladder-worker-entry.mjs', import.meta.url));
    const rows: BenchRow[] = [];
    for (const set of sets) {
      for (const [lower, upper] of PAIRINGS) {
        if (wanted && !wanted.includes(`${lower}-${upper}`)) continue;
        const start = performance.now();
        const games = await playPairing(url, { lower, upper, seed, set, first }, n, workers);
        const wins = games.filter((g) => g.outcome === 'win').length, draws = games.filter((g) => g.outcome === 'draw').length;
        const gap = eloGap(wins, draws, games.length);
        const paired = pairedMargin(pairSums(games));
        const byTemplate = set === 'templates'
          ? '; ' + [...new Set(games.map((g) => g.template))].map((t) => {
            const of = games.filter((g) => g.template === t);
            return `${t} ${of.filter((g) => g.outcome === 'win').length}/${of.length}`;
          }).join(', ')
          : '';
        const seats = [0, 1].map((k) => { const of = games.filter((g) => g.upperSeat === k); return `seat ${k + 1} ${of.filter((g) => g.outcome === 'win').length}/${of.length}`; }).join(', ');
        const label = `${upper} vs ${lower} (${set})`;
        rows.push({ label: `${label}: paired margin`, value: paired.mean, unit: 'points', note: `a pair's two games summed, mean of ${paired.n} pairs, 95% CI ${signed(paired.low)} to ${signed(paired.high)} (sd ${paired.sd.toFixed(1)})${paired.low > 0 ? '; above zero' : paired.high < 0 ? '; below zero' : '; not settled'}` });
        const po = pairOutcomes(games);
        rows.push({ label: `${label}: win share`, value: 100 * gap.wins.rate, unit: '%', note: `${wins} won, ${draws} drawn of ${games.length}; 95% CI ${pct(gap.wins.low)}-${pct(gap.wins.high)}%${byTemplate}; ${seats}; pairs won both ${po.both}, one (the same seat won both games) ${po.split}, neither ${po.none}; unfought (no stand lost) ${games.filter((g) => g.unfought).length}` });
        const pairs = po.both + po.split + po.none, ahead = wilsonInterval(po.ahead, pairs);
        rows.push({ label: `${label}: pairs ahead`, value: 100 * ahead.rate, unit: '%', note: `pairs whose two games' margins summed favour ${upper} (a pair won, whichever seat was stronger): ${po.ahead} of ${pairs}, ${po.even} even; 95% CI ${pct(ahead.low)}-${pct(ahead.high)}%` });
        rows.push({ label: `${label}: Elo gap`, value: gap.elo, unit: 'Elo', note: `score ${pct(gap.score)}% (95% CI ${pct(gap.scoreLow)}-${pct(gap.scoreHigh)}%), Elo 95% CI ${elo(gap.eloLow)} to ${elo(gap.eloHigh)}` });
        rows.push({ label: `${label}: minutes`, value: (performance.now() - start) / 60000, unit: 'min', note: `${workers} worker threads on ${availableParallelism()} cores` });
        // Each pairing as soon as it is done too: a long run stopped half way still leaves its finished pairings.
        for (const row of rows.slice(-5)) console.log(`  [done] ${row.label}: ${row.unit === 'Elo' ? elo(row.value) : row.value.toFixed(1)} ${row.unit} (${row.note})`);
      }
    }
    return rows;
  },
};
