/**
 * Whole-phase planning by online evolutionary planning (Justesen et al., "Playing multi-action adversarial games:
 * online evolutionary planning versus tree search", 2017): a Nevsky move phase is a plan for a whole army, twenty
 * actions that only work together (a charge needs its supporters, a lead its backing), which comparing one action at
 * a time against the simple policy's cannot see.
 *
 * A genome is the side's plan for the rest of the phase, one gene per action: gene g at step k plays the g-th
 * candidate of the position reached so far (rankedOnCore: 0 is the simple policy's choice, then leads, charges,
 * supports, each unit's best advance, and passing last). Genes always decode to legal actions, whatever came before
 * them, so crossover and mutation need no repair. The first generation holds the simple policy's own plan and each
 * other first step followed by it; a final race on fresh worlds between the best plans keeps the simple plan unless
 * another beats it clearly. A plan is played out on the core to the end of the phase (the move phase
 * has no dice), then each sampled world plays on with the simple policy for both sides to the end of the turn and is
 * scored by the evaluation. Every plan of a generation meets the same worlds (common random numbers); the better half
 * survives (its scores averaged over the generations it lived through), the rest are children of two survivors
 * (uniform crossover) with mutated genes.
 */
import { actionKey, type Action } from '../rules/actions';
import { applyCore, copyPosition, listActions, type Position } from '../engine';
import { createRng } from '../rules/random';
import { simpleChoice, simplePolicy } from './basic';
import { passAction, rankedAfter, sampleWorldCore, type Hidden } from './choices';
import type { Deadline } from './clock';
import { clearlyAbove, evaluatePosition } from './evaluate';
import { playCore } from './playout';
import { stream, type Stream } from './rng';
import type { SearchBudget } from './budget';

/**
 * The rest of the plan being played: the action planned for each position (by its fingerprint) still ahead. The
 * listed action object itself is kept: a position listed again usually hands out the very same (interned) object.
 */
export type PlanMemory = Map<number, Action>;

/** The longest plan (a move phase of every unit, with facing changes, stays well within it). */
const MAX_STEPS = 80;
/** The chance that a gene of a fresh genome departs from the simple policy's choice. */
const DEPART = 0.1;

/**
 * Everything a plan's next steps depend on (the phase, the side to act, every unit as it stands, the melees and who
 * supports them) as a number: two 32-bit hashes of those integers, 53 bits together. Plans are looked up by it many
 * times a decision, and a string of every unit's fields was most of what decoding a plan cost; two positions of one
 * planning (a few hundred) share a fingerprint by chance less than once in 10^10 plannings.
 */
export function fingerprint(p: Position): number {
  let a = 0x811c9dc5, b = 0x2545f491;
  const mix = (v: number): void => {
    a = Math.imul(a ^ v, 0x01000193);
    b = Math.imul(b ^ v, 0x5bd1e995);
    b ^= b >>> 15;
  };
  mix(p.turn); mix(p.phase); mix(p.toAct); mix(p.n); mix(p.decided.length);
  for (let i = 0; i < p.decided.length; i++) mix(p.decided[i]!);
  for (let x = 0; x < p.n; x++) {
    mix(p.at[x]!); mix(p.face[x]!); mix(p.stands[x]!); mix(p.moved[x]!); mix(p.status[x]!); mix(p.charged[x]!); mix(p.ctrl[x]!);
  }
  mix(p.melees.length);
  for (const m of p.melees) {
    mix(m.contact); mix(m.supports.length);
    for (let i = 0; i < m.supports.length; i++) mix(m.supports[i]!);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/** A plan decoded: its actions, the position before each of them, and where it leaves the game. */
interface Decoded { actions: Action[]; before: number[]; end: Position }

/**
 * A position met in planning: its legal actions, the simple policy's choice there (gene 0), and the step's ranked
 * choices, worked out only once a plan departs from the simple choice there (most steps of most plans do not).
 */
interface Step { list: Action[]; simple: Action; choices: Action[] | null }

/**
 * Play genome `genes` from `start` (not changed) until the phase ends or the side no longer acts. Each position's
 * choices come from `seen` when it has them (else they are worked out and kept there); the simple policy's own
 * random picks come from a fixed seed, so a genome always decodes to the same plan.
 */
export function decode(start: Position, genes: Uint8Array, k: number, seen: Map<number, Step>): Decoded {
  const p = copyPosition(start);
  p.events = null;
  p.log = null;
  const side = p.toAct, phase = p.phase, turn = p.turn;
  const r = createRng(0x5eed);
  const actions: Action[] = [], before: number[] = [];
  for (let step = 0; step < MAX_STEPS && p.phase === phase && p.toAct === side && p.turn === turn; step++) {
    // Plans share most of their steps: each position's choices are worked out once per planning.
    const key = fingerprint(p);
    let at = seen.get(key);
    if (!at) {
      const list = listFor(p);
      if (list.length === 0) break;
      seen.set(key, (at = { list, simple: simpleChoice(p, list, r), choices: null }));
    }
    const g = genes[step] ?? 0;
    let a = at.simple;
    if (g > 0) {
      const choices = (at.choices ??= planChoices(rankedAfter(p, at.list, k, at.simple)));
      a = choices[Math.min(g, choices.length - 1)]!;
    }
    before.push(key);
    actions.push(a);
    applyCore(p, a);
  }
  return { actions, before, end: p };
}

/**
 * A step's choices in a plan: the ranked candidates with passing (which ends the phase, and with it the rest of the
 * plan) moved to the end, so that a gene changed at random rarely cuts a plan short.
 */
function planChoices(ranked: Action[]): Action[] {
  const pass = ranked.findIndex((a, i) => i > 0 && passAction([a]) === a);
  return pass < 0 ? ranked : [...ranked.slice(0, pass), ...ranked.slice(pass + 1), ranked[pass]!];
}

/** The legal actions of the side to act, concession left out when anything else is legal. */
function listFor(p: Position): Action[] {
  const all = listActions(p);
  return all.length > 1 ? all.filter((a) => a.type !== 'concede') : all;
}

/** A plan's genes, its scores so far, and its decoding once made (a genome decodes to the same plan all planning long). */
interface Genome { genes: Uint8Array; sum: number; count: number; plan?: Decoded }

/**
 * Plan the rest of the current phase for the side to act on `base`, the position of its view (`hidden`: the sides
 * whose secret pick the view blanks), and return its first action (one of `pool`); the plan's later steps go into
 * `memory`, by the position each is for.
 */
export function planPhase(hidden: Hidden, base: Position, pool: Action[], budget: SearchBudget, r: Stream, clock: Deadline, memory: PlanMemory): Action {
  const me = base.toAct, turn = base.turn, k = Math.max(2, budget.candidates);
  const size = Math.max(2, budget.population);
  const stop = (p: Position) => p.turn >= turn + budget.turns;
  const fresh = (): Genome => {
    const genes = new Uint8Array(MAX_STEPS);
    for (let i = 0; i < MAX_STEPS; i++) genes[i] = r.next() < DEPART ? 1 + r.int(k - 1) : 0;
    return { genes, sum: 0, count: 0 };
  };
  // The first generation: the simple policy's own plan, each other first step followed by the simple policy (what
  // comparing one action at a time would try), then random departures from the simple plan.
  let population: Genome[] = [];
  for (let c = 0; c < k && population.length < size; c++) {
    const genes = new Uint8Array(MAX_STEPS);
    genes[0] = c;
    population.push({ genes, sum: 0, count: 0 });
  }
  while (population.length < size) population.push(fresh());
  let scored = 0;
  const seen = new Map<number, Step>();
  const score = (g: Genome, seeds: number[]): void => {
    const plan = (g.plan ??= decode(base, g.genes, k, seen));
    for (const seed of seeds) {
      const w = stream(seed);
      const p = sampleWorldCore(hidden, plan.end, w);
      playCore(p, simplePolicy(w.seed()).onCore!, stop, budget.horizon);
      g.sum += evaluatePosition(p, me, budget.weights);
      g.count++;
    }
  };
  const mean = (g: Genome) => (g.count === 0 ? -1 : g.sum / g.count);
  while (scored < budget.plans) {
    const seeds = Array.from({ length: Math.max(1, budget.worlds) }, () => r.seed());
    for (const g of population) {
      if (scored >= budget.plans || clock.over()) break;
      clock.time(() => score(g, seeds));
      scored++;
    }
    if (clock.over()) break;
    population.sort((a, b) => mean(b) - mean(a));
    const survivors = population.slice(0, Math.max(1, Math.floor(size / 2)));
    const children: Genome[] = [];
    while (survivors.length + children.length < size) children.push(child(survivors, k, r));
    population = [...survivors, ...children];
  }
  // A final race on fresh worlds between the best few plans and the simple policy's own (its mean over a few worlds
  // flatters whichever plan was luckiest: the winner's curse). The simple plan stays unless beaten by a clear margin.
  const zero: Genome = { genes: new Uint8Array(MAX_STEPS), sum: 0, count: 0 };
  const finalists: Array<{ g: Genome; plan: Decoded }> = [];
  for (const g of [zero, ...[...population].sort((a, b) => mean(b) - mean(a))]) {
    if (finalists.length >= FINALISTS || (g !== zero && g.count === 0)) continue;
    const plan = g.plan ?? decode(base, g.genes, k, seen);
    // Plans decoded in one planning share their steps' action objects (`seen`): the same plan is the same objects.
    if (finalists.some((f) => samePlan(f.plan.actions, plan.actions))) continue;
    finalists.push({ g: { genes: g.genes, sum: 0, count: 0, plan }, plan });
  }
  let best = finalists[0]!;
  if (finalists.length > 1 && !clock.over()) {
    const seeds = Array.from({ length: 2 * Math.max(1, budget.worlds) }, () => r.seed());
    for (const f of finalists) { if (clock.over()) break; clock.time(() => score(f.g, seeds)); }
    // Past the deadline, only the plans raced on every world count (the simple plan is raced first).
    let top: (typeof finalists)[number] | null = null;
    for (const f of finalists.slice(1)) if (f.g.count === seeds.length && (!top || mean(f.g) > mean(top.g))) top = f;
    // The margin is asked in the model's log-odds: near a sure loss or win a clear gain is a small step in value.
    const v = mean(finalists[0]!.g);
    if (top && finalists[0]!.g.count === seeds.length && mean(top.g) > clearlyAbove(v, budget.planMargin)) best = top;
  }
  const plan = best.plan;
  for (let i = 1; i < plan.actions.length; i++) memory.set(plan.before[i]!, plan.actions[i]!);
  return plan.actions[0] ? listedAs(pool, plan.actions[0]) ?? pool[0]! : pool[0]!;
}

/** The action of `pool` that is `a`: the very object when it is there (listed actions are interned), else by key. */
export function listedAs(pool: readonly Action[], a: Action): Action | undefined {
  if (pool.includes(a)) return a;
  const key = actionKey(a);
  return pool.find((x) => actionKey(x) === key);
}

/** Whether two decoded plans are the same actions (by object). */
function samePlan(a: readonly Action[], b: readonly Action[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Plans in the final race (the simple policy's own among them). */
const FINALISTS = 4;

/** A child of two survivors drawn at random: each gene from either parent, then a few genes changed. */
function child(survivors: Genome[], k: number, r: Stream): Genome {
  const a = survivors[r.int(survivors.length)]!, b = survivors[r.int(survivors.length)]!;
  const genes = new Uint8Array(MAX_STEPS);
  for (let i = 0; i < MAX_STEPS; i++) genes[i] = r.next() < 0.5 ? a.genes[i]! : b.genes[i]!;
  // About one mutation in the first twenty genes (the steps most plans have).
  for (let i = 0; i < MAX_STEPS; i++) if (r.next() < 0.05) genes[i] = r.next() < 0.5 ? 0 : r.int(k);
  return { genes, sum: 0, count: 0 };
}
