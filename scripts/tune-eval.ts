/**
 * Fit the search's evaluation weights (src/ai/weights.ts) to self-play results: `npx tsx scripts/tune-eval.ts
 * [--games N] [--seed S] [--dry]`. Plays N games on each template (the simple policy for both sides on the engine's
 * core, one action in ten drawn at random so that the positions vary), records the features of every position at the
 * start of each move phase and at each turn's end for both sides, labelled with that side's final result (win 1,
 * draw 0.5, loss 0), and fits a logistic regression without intercept (the features are "mine minus theirs") by
 * Newton's method with a little L2. A fifth of the games (every fifth) is held out: the script prints the held-out
 * log-loss and accuracy of the fitted model against the points margin alone, then writes the weights (not with --dry).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGame, gameSeed, simplePolicy } from '../src/rules';
import { positionOf } from '../src/rules/game';
import { END_TURN, MOVE, OVER, applyCore, copyPosition } from '../src/engine';
import { createRng } from '../src/rules/random';
import { randomIndex, sampleIn } from '../src/rules/sample';
import { FEATURES, features, winChance } from '../src/ai/evaluate';
import { templateScenario } from '../src/scenario';

const TEMPLATES = ['open-field', 'roadside-village', 'river-crossing', 'hills', 'two-divisions'];

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

interface Sample { f: number[]; y: number; held: boolean }

/** One self-play game's samples. */
function game(template: string, seed: number, held: boolean): Sample[] {
  const p = copyPosition(positionOf(createGame(templateScenario(template)!, { seed })));
  p.events = null;
  p.log = null;
  const simple = simplePolicy(gameSeed(seed, 1)).onCore!;
  const r = createRng(gameSeed(seed, 2));
  const seen: Array<[number[], number[]]> = [];
  let last = -1;
  for (let n = 0; n < 20_000 && p.phase !== OVER; n++) {
    if (p.phase !== last && (p.phase === MOVE || p.phase === END_TURN)) seen.push([features(p, 0), features(p, 1)]);
    last = p.phase;
    const a = randomIndex(r, 10) === 0 ? sampleIn(p, r) : simple(p);
    if (!a) break;
    applyCore(p, a);
  }
  const winner = p.result?.winner;
  const y0 = winner === p.sides[0] ? 1 : winner == null ? 0.5 : 0;
  return seen.flatMap(([f0, f1]) => [{ f: f0, y: y0, held }, { f: f1, y: 1 - y0, held }]);
}

/** Logistic regression without intercept by Newton's method, L2 penalty `lambda`. */
function fit(data: Sample[], lambda: number): number[] {
  const k = FEATURES.length;
  let w = new Array<number>(k).fill(0);
  for (let iter = 0; iter < 30; iter++) {
    const g = new Array<number>(k).fill(0);
    const h = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (const { f, y } of data) {
      const p = winChance(f, w);
      const v = p * (1 - p);
      for (let i = 0; i < k; i++) {
        g[i]! += (p - y) * f[i]!;
        for (let j = 0; j < k; j++) h[i]![j]! += v * f[i]! * f[j]!;
      }
    }
    for (let i = 0; i < k; i++) { g[i]! += lambda * w[i]!; h[i]![i]! += lambda; }
    const step = solve(h, g);
    w = w.map((x, i) => x - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-7) break;
  }
  return w;
}

/** Solve a x = b by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length, m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[piv]![c]!)) piv = r;
    [m[c], m[piv]] = [m[piv]!, m[c]!];
    const d = m[c]![c]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const t = m[r]![c]! / d;
      for (let j = c; j <= n; j++) m[r]![j]! -= t * m[c]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

/** Mean log-loss and accuracy (decisive samples: the favoured side won) of weights on samples. */
function score(data: Sample[], w: number[]): { logLoss: number; accuracy: number } {
  let loss = 0, right = 0, decisive = 0;
  for (const { f, y } of data) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, winChance(f, w)));
    loss -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
    if (y !== 0.5) { decisive++; if ((p > 0.5) === (y === 1)) right++; }
  }
  return { logLoss: loss / data.length, accuracy: right / Math.max(1, decisive) };
}

const games = arg('games', 300), seed = arg('seed', 2028);
const started = performance.now();
const data: Sample[] = [];
for (const t of TEMPLATES) for (let i = 0; i < games; i++) data.push(...game(t, gameSeed(seed, TEMPLATES.indexOf(t) * 100_000 + i), i % 5 === 4));
const train = data.filter((d) => !d.held), held = data.filter((d) => d.held);
const w = fit(train, 1);
// The margin alone, its one weight fitted the same way (the evaluation before the features).
const marginOnly = fit(train.map((d) => ({ ...d, f: d.f.map((x, i) => (i === 0 ? x : 0)) })), 1);
const a = score(held, w), b = score(held.map((d) => ({ ...d, f: d.f.map((x, i) => (i === 0 ? x : 0)) })), marginOnly);
const fmt = (x: number) => x.toFixed(4);
console.log(`${games * TEMPLATES.length} games, ${train.length} training and ${held.length} held-out samples, ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(`weights: ${FEATURES.map((f, i) => `${f} ${fmt(w[i]!)}`).join(', ')}`);
console.log(`held out: log-loss ${fmt(a.logLoss)} (margin alone ${fmt(b.logLoss)}), accuracy ${(100 * a.accuracy).toFixed(1)}% (margin alone ${(100 * b.accuracy).toFixed(1)}%)`);
if (!process.argv.includes('--dry')) {
  const out = fileURLToPath(new URL('../src/ai/weights.ts', import.meta.url));
  writeFileSync(out, `/**
 * The evaluation's weights (FEATURES order of evaluate.ts), fitted by \`npx tsx scripts/tune-eval.ts\`: a logistic
 * regression of self-play results on the features of positions sampled from those games. Written by the script:
 * ${games * TEMPLATES.length} games (seed ${seed}); held-out log-loss ${fmt(a.logLoss)} against ${fmt(b.logLoss)} for the
 * margin alone, accuracy ${(100 * a.accuracy).toFixed(1)}% against ${(100 * b.accuracy).toFixed(1)}%.
 */
export const EVAL_WEIGHTS: readonly number[] = [${w.map(fmt).join(', ')}];
`);
  console.log(`wrote ${out}`);
}
