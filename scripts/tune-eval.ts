/**
 * Fit the search's evaluation weights (src/ai/weights.ts) to self-play results: `npx tsx scripts/tune-eval.ts
 * [--games N] [--search G] [--only a,b] [--rounds R] [--seed S] [--dry]`. Plays N games (default 500) on each
 * template (the simple policy for both sides on the engine's core, one action in ten drawn at random so that the
 * positions vary), records the features of every position at the
 * start of each move phase and at each turn's end for both sides, labelled with that side's final result (win 1,
 * draw 0.5, loss 0), and fits a logistic regression without intercept (the features are "mine minus theirs") by
 * Newton's method with a little L2. A fifth of the games (every fifth) is held out: the script prints the held-out
 * log-loss and accuracy of the fitted model against the points margin alone, then writes the weights (not with --dry).
 *
 * The simple policy always comes forward, so its games never show what happens when neither side does: the search
 * players held back (both sides) in most games on open ground, and such a game goes to the side ahead on points when
 * the turn limit ends it (the `standoff` feature). So the script also plays `--search G` games on each template
 * (default 60) between two Normal search players (without a clock: the budget's iterations), whose positions are
 * sampled the same way, and fits on both kinds. `--only a,b` fits only those features' weights and keeps the others as
 * weights.ts has them. The search players play with the weights being fitted: `--rounds R` (default 1) fits R times,
 * the search games of each round played with the weights of the round before (the first with those in weights.ts, a
 * new feature's weight 0). More than one round is a screen, not a fit to keep: players whose standoff weight makes them
 * fight leave few unfought games, the next round's weight falls towards 0, and its players sit still again
 * (docs/dev/engine.md). The weights in weights.ts: `--only standoff` with the defaults.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGame, gameSeed, searchPolicy, simplePolicy } from '../src/rules';
import { positionOf } from '../src/rules/game';
import { END_TURN, MOVE, OVER, applyCore, copyPosition } from '../src/engine';
import { createRng } from '../src/rules/random';
import { randomIndex, sampleIn } from '../src/rules/sample';
import { FEATURES, features, winChance } from '../src/ai/evaluate';
import { EVAL_WEIGHTS } from '../src/ai/weights';
import { templateScenario } from '../src/scenario';

const TEMPLATES = ['open-field', 'roadside-village', 'river-crossing', 'hills', 'two-divisions'];

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

interface Sample { f: number[]; y: number; held: boolean }

/** One self-play game's samples: the simple policy (one action in ten at random), or two Normal search players. */
function game(template: string, seed: number, held: boolean, search = false): Sample[] {
  const p = copyPosition(positionOf(createGame(templateScenario(template)!, { seed })));
  p.events = null;
  p.log = null;
  const simple = simplePolicy(gameSeed(seed, 1)).onCore!;
  const players = [0, 1].map((i) => searchPolicy({ level: 'normal', seed: gameSeed(seed, 3 + i) }).onCore!);
  const r = createRng(gameSeed(seed, 2));
  const seen: Array<[number[], number[]]> = [];
  let last = -1;
  for (let n = 0; n < 20_000 && p.phase !== OVER; n++) {
    if (p.phase !== last && (p.phase === MOVE || p.phase === END_TURN)) seen.push([features(p, 0), features(p, 1)]);
    last = p.phase;
    const a = search ? players[p.toAct]!(p) : randomIndex(r, 10) === 0 ? sampleIn(p, r) : simple(p);
    if (!a) break;
    applyCore(p, a);
  }
  const winner = p.result?.winner;
  const y0 = winner === p.sides[0] ? 1 : winner == null ? 0.5 : 0;
  return seen.flatMap(([f0, f1]) => [{ f: f0, y: y0, held }, { f: f1, y: 1 - y0, held }]);
}

/**
 * Logistic regression without intercept by Newton's method, L2 penalty `lambda`. `free`: the features whose weights
 * are fitted (all by default); the others keep their weights in `start`.
 */
function fit(data: Sample[], lambda: number, start?: readonly number[], free?: readonly number[]): number[] {
  const open = free ?? FEATURES.map((_, i) => i);
  let w = FEATURES.map((_, i) => (open.includes(i) ? 0 : start![i]!));
  for (let iter = 0; iter < 30; iter++) {
    const g = new Array<number>(open.length).fill(0);
    const h = Array.from({ length: open.length }, () => new Array<number>(open.length).fill(0));
    for (const { f, y } of data) {
      const p = winChance(f, w);
      const v = p * (1 - p);
      for (let i = 0; i < open.length; i++) {
        g[i]! += (p - y) * f[open[i]!]!;
        for (let j = 0; j < open.length; j++) h[i]![j]! += v * f[open[i]!]! * f[open[j]!]!;
      }
    }
    for (let i = 0; i < open.length; i++) { g[i]! += lambda * w[open[i]!]!; h[i]![i]! += lambda; }
    const step = solve(h, g);
    w = w.slice();
    for (let i = 0; i < open.length; i++) w[open[i]!]! -= step[i]!;
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

const games = arg('games', 500), seed = arg('seed', 2028), searchGames = arg('search', 60), rounds = arg('rounds', 1);
const started = performance.now();
const data: Sample[] = [];
for (const t of TEMPLATES) for (let i = 0; i < games; i++) data.push(...game(t, gameSeed(seed, TEMPLATES.indexOf(t) * 100_000 + i), i % 5 === 4));
const train = data.filter((d) => !d.held), held = data.filter((d) => d.held);
// The weights the search players of the first round play with: those in weights.ts, a new feature's weight 0.
let w = FEATURES.map((_, i) => EVAL_WEIGHTS[i] ?? 0);
const before = w.slice();
// `--only a,b`: fit only these features' weights, the others kept as they are in weights.ts.
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg >= 0 ? process.argv[onlyArg + 1]!.split(',').map((name) => {
  const i = FEATURES.indexOf(name as (typeof FEATURES)[number]);
  if (i < 0) throw new Error(`--only: no feature ${name}`);
  return i;
}) : undefined;
let searchData: Sample[] = [];
for (let round = 1; round <= Math.max(1, rounds); round++) {
  // The search players read EVAL_WEIGHTS: this round's games are played with the weights of the round before.
  (EVAL_WEIGHTS as number[]).splice(0, EVAL_WEIGHTS.length, ...w);
  searchData = [];
  if (searchGames > 0) {
    for (const t of TEMPLATES) for (let i = 0; i < searchGames; i++) searchData.push(...game(t, gameSeed(seed + round, 500_000 + TEMPLATES.indexOf(t) * 100_000 + i), i % 5 === 4, true));
  }
  w = fit([...train, ...searchData.filter((d) => !d.held)], 1, before, only);
  console.log(`round ${round}: ${FEATURES.map((f, i) => `${f} ${w[i]!.toFixed(4)}`).join(', ')}`);
}
const searchHeld = searchData.filter((d) => d.held);
// The margin alone, its one weight fitted the same way (the evaluation before the features), on the simple games.
const marginOnly = fit(train.map((d) => ({ ...d, f: d.f.map((x, i) => (i === 0 ? x : 0)) })), 1);
const a = score(held, w), b = score(held.map((d) => ({ ...d, f: d.f.map((x, i) => (i === 0 ? x : 0)) })), marginOnly);
const c = score(searchHeld, w), a0 = score(held, before), c0 = score(searchHeld, before);
const fmt = (x: number) => x.toFixed(4);
const searchNote = searchGames > 0 ? `; on the search players' held-out games ${fmt(c.logLoss)}, accuracy ${(100 * c.accuracy).toFixed(1)}%` : '';
const beforeNote = `the weights before (weights.ts): ${fmt(a0.logLoss)} on the simple games${searchGames > 0 ? `, ${fmt(c0.logLoss)} on the search players'` : ''}`;
console.log(`${games * TEMPLATES.length} simple and ${searchGames * TEMPLATES.length} search games a round, ${data.length + searchData.length} samples in the last round, ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(`weights: ${FEATURES.map((f, i) => `${f} ${fmt(w[i]!)}`).join(', ')}`);
console.log(`held out (simple games): log-loss ${fmt(a.logLoss)} (margin alone ${fmt(b.logLoss)}), accuracy ${(100 * a.accuracy).toFixed(1)}% (margin alone ${(100 * b.accuracy).toFixed(1)}%)${searchNote}; ${beforeNote}`);
if (!process.argv.includes('--dry')) {
  const out = fileURLToPath(new URL('../src/ai/weights.ts', import.meta.url));
  writeFileSync(out, `/**
 * The evaluation's weights (FEATURES order of evaluate.ts), fitted by \`npx tsx scripts/tune-eval.ts\`: a logistic
 * regression of self-play results on the features of positions sampled from those games. Written by the script:
 * ${games * TEMPLATES.length} games of the simple policy and ${searchGames * TEMPLATES.length} of Normal search players
 * (${rounds} round${rounds === 1 ? '' : 's'}, seed ${seed}${only ? `; only ${only.map((i) => FEATURES[i]).join(', ')} fitted, the others kept` : ''}); held-out log-loss on the simple games ${fmt(a.logLoss)} against ${fmt(b.logLoss)} for
 * the margin alone, accuracy ${(100 * a.accuracy).toFixed(1)}% against ${(100 * b.accuracy).toFixed(1)}%${searchNote};
 * ${beforeNote}.
 */
export const EVAL_WEIGHTS: readonly number[] = [${w.map(fmt).join(', ')}];
`);
  console.log(`wrote ${out}`);
}
