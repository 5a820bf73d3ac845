/**
 * Fuzz/invariant suite: seeded random full-length games over every template and over generated valid scenarios,
 * random legal actions, invariants checked after every action, and each game's log replayed at the end.
 * `npm test` plays 500 games in all; `npm run fuzz` plays 5,000; FUZZ_GAMES=N sets the number for either.
 */
import { expect } from 'vitest';
import {
  actionKey, applyAction, createGame, createRng, gamePoints, legalActions, randomPolicy, replayGame, sampleAction, stateHash, stackingProblem,
  fullStands, objectivePoints, TROOPS, type Action, type GameState, type RngState, type Scenario,
} from '../../../src/rules';
import { applyInPlace, positionOf, workingCopy } from '../../../src/rules/game';
import { toState } from '../../../src/engine';
import { stepBetween, supportGeometry } from '../../../src/rules/combat';
import { TEMPLATES } from '../../../src/scenario';
import { generatedScenario } from './scenarios';
import { oracleFault } from './oracle';

/** Full games in one run of the suite (half over the templates, half over generated scenarios). */
export const GAMES = Number(process.env.FUZZ_GAMES || (process.env.npm_lifecycle_event === 'fuzz' ? 5000 : 500));
export const PER_TEMPLATE = Math.ceil(GAMES / 2 / TEMPLATES.length);
export const GENERATED = Math.ceil(GAMES / 2);
/**
 * Time allowed for one fuzz test: 600 s, more for long `npm run fuzz` runs. Those check every listing and ask the
 * oracle at every third action (LIST_STRIDE, ORACLE_STRIDE), where a two-division game takes about 10 s: 5 s a game
 * of the run gives that file's 1 in 10 of them room on a busy machine.
 */
export const FUZZ_TIMEOUT = Math.max(600_000, GAMES * (GAMES > 500 ? 5_000 : 1_000));
/** The templates of the first template file (the two-division board takes as long as the other four). */
export const PART_A = ['open-field', 'two-divisions'];

const onBoard = (s: GameState, side: string) => s.units.some((u) => u.side === side && u.status === 'active' && u.at !== null && u.type !== 'ballista');

/**
 * A side's points less the ballistas it controls and the objectives it holds (gamePoints): these never grow.
 * Ballistas may add to a side's points when it claims or captures one (R-ballista-score), and objectives when it
 * takes one (R-objectives), so they are left out of the check.
 */
export function troopPoints(s: GameState): Record<string, number> {
  const out = gamePoints(s);
  for (const [side, held] of Object.entries(objectivePoints(s))) out[side] = out[side]! - held;
  for (const u of s.units) {
    if (u.type !== 'ballista' || u.status === 'destroyed' || !u.controller) continue;
    out[u.controller] = out[u.controller]! - (u.status === 'off' ? TROOPS.ballista.cost / 2 : TROOPS.ballista.cost);
  }
  return out;
}

/** Every invariant of a state; `before` are the troop points before the action, `now` after it (troopPoints). */
export function invariants(s: GameState, before: Record<string, number>, now: Record<string, number> = troopPoints(s)): string | null {
  const bySquare = new Map<string, GameState['units']>();
  for (const u of s.units) {
    const full = u.type === 'ballistarii' ? 4 : fullStands(u.type);
    if (u.stands < 0 || u.stands > full || u.half < 0 || u.half > u.stands) return `${u.id} has ${u.stands} stands (${u.half} half)`;
    if (u.status === 'active' && u.at) {
      const list = bySquare.get(u.at);
      if (list) list.push(u); else bySquare.set(u.at, [u]);
    }
    if (u.status === 'active' && u.stands === 0) return `${u.id} is active with no stands`;
  }
  const contacts = new Set(s.melees.filter((m) => !m.fought).map((m) => m.contact));
  if (s.phase === 'melee' && s.current !== null) contacts.add(s.melees[s.current]!.contact);
  for (const [sq, units] of bySquare) {
    if (units.length === 1) continue;
    const sides = new Set(units.filter((u) => u.type !== 'ballista').map((u) => u.side));
    if (sides.size > 1 && !contacts.has(sq)) return `two sides in ${sq} outside a melee`;
    for (const side of sides) {
      const own = units.filter((u) => u.side === side || u.type === 'ballista');
      const problem = stackingProblem(own.map((u) => ({ id: u.id, type: u.type, stands: u.stands })));
      if (problem) return `stacking in ${sq}: ${problem}`;
    }
  }
  const total = (p: Record<string, number>) => Object.values(p).reduce((a, b) => a + b, 0);
  if (total(now) > total(before) + 1e-9) return `points grew: ${JSON.stringify(before)} -> ${JSON.stringify(now)}`;
  for (const k of Object.keys(now)) if (now[k]! > before[k]! + 1e-9) return `${k}'s points grew`;
  return null;
}

/** Invariants of a step from `prev` to `s` (issue 9): no dead end, chargers fight, supports hold, the result follows 10G. */
export function stepInvariants(prev: GameState, s: GameState, legal: readonly Action[]): string | null {
  if (s.phase !== 'over' && !legal.some((a) => a.type !== 'concede')) return `dead end: ${s.toAct} may only concede in ${s.phase}`;
  // A move phase offering only facing changes can never end (two stands once waited on one backer that way).
  if (s.phase === 'move' && legal.length > 1 && legal.every((a) => a.type === 'face' || a.type === 'concede')) return `dead end: ${s.toAct} may only turn or concede in the move phase`;
  if (prev.phase === 'move' && s.phase !== 'move' && s.turn === prev.turn) {
    for (const u of s.units) {
      if (u.side !== s.attacker || u.status !== 'active' || u.chargedTurn !== s.turn) continue;
      if (!s.melees.some((m) => m.contact === u.at || m.supports.some((x) => x.unit === u.id))) return `charger ${u.id} at ${u.at} fights in no melee`;
    }
  }
  if (s.resolution && (!prev.resolution || prev.current !== s.current) && s.current !== null) {
    const m = s.melees[s.current]!;
    for (const { unit: id } of m.supports) {
      const u = prev.units.find((x) => x.id === id)!;
      if (u.status !== 'active' || !u.at || u.retiring) continue;
      const dir = stepBetween(u.at, m.contact);
      if (!dir) return `supporter ${id} at ${u.at} is no longer beside ${m.contact}`;
      if (u.type !== 'commander' && !supportGeometry(u.type, u.facing, dir)) return `supporter ${id} facing ${u.facing} no longer supports ${m.contact}`;
    }
  }
  if (s.phase === 'over') {
    const r = s.result;
    if (!r) return 'over without a result';
    const gone = s.sides.filter((x) => !onBoard(s, x.id)).map((x) => x.id);
    const other = (id: string) => s.sides.find((x) => x.id !== id)!.id;
    let want: string | null;
    const reason = s.conceded ? 'conceded' : gone.length > 0 ? 'no-troops' : 'turn-limit';
    if (r.reason !== reason) return `result ${JSON.stringify(r)} gives the wrong reason (want ${reason})`;
    if (s.conceded) want = other(s.conceded);
    else if (gone.length > 0) want = gone.length === 1 ? other(gone[0]!) : null;
    else {
      if (s.turn !== s.rules.turnLimit) return `game over at turn ${s.turn} with troops on both sides and no concession`;
      const [a, b] = s.sides.map((x) => r.points[x.id]!);
      want = a === b ? null : a! > b! ? s.sides[0]!.id : s.sides[1]!.id;
    }
    if (r.winner !== want) return `result ${JSON.stringify(r)} does not follow 10G (want ${want})`;
    if (JSON.stringify(r.points) !== JSON.stringify(gamePoints(s))) return 'result points differ from the points';
  }
  return null;
}

/**
 * Play one seeded random full game, checking every invariant after every action; returns the actions played.
 * `listing` plays randomPolicy over legalActions (every position's whole list is made and checked); otherwise the
 * game is played by sampleAction, which draws concession only when nothing else is legal, so the dead-end check
 * still holds (sample.test.ts checks that sampled actions are listed).
 */
export function fuzzGame(scenario: Scenario, seed: number, label: string, listing = true): number {
  const pick = randomPolicy(seed ^ 0x5bd1e995);
  const rng = createRng(seed);
  let s = createGame(scenario, { seed });
  let points = troopPoints(s);
  let actions = 0;
  let legal: readonly Action[] = listing ? legalActions(s) : [];
  while (s.phase !== 'over') {
    const a = listing ? (legal.length > 0 ? pick(s, legal as Action[]) : null) : sampleAction(s, rng);
    if (!a) expect.fail(`${label} seed ${seed}: no legal action in ${s.phase}`);
    const next = applyAction(s, a);
    const before = legal;
    actions++;
    legal = listing ? legalActions(next) : sampled(next, rng);
    const now = troopPoints(next);
    const broken = invariants(next, points, now) ?? stepInvariants(s, next, legal) ?? (listing && actions % LIST_STRIDE === 0 ? sameAsFresh(next, legal) : null)
      ?? (listing ? oracleFault(s, before, a, next, actions % ORACLE_STRIDE === 0) : null);
    if (broken) expect.fail(`${label} seed ${seed} after ${JSON.stringify(a)} (turn ${next.turn}): ${broken}`);
    points = now;
    s = next;
  }
  const replayed = replayGame({ scenario, seed, actions: s.log });
  if (stateHash(replayed) !== stateHash(s)) expect.fail(`${label} seed ${seed}: the replay differs from the game`);
  // The same actions applied in place to one working copy (how simulations play) end in the same state.
  const w = workingCopy(createGame(scenario, { seed }));
  for (const a of s.log) applyInPlace(w, a);
  if (stateHash(w) !== stateHash(s)) expect.fail(`${label} seed ${seed}: played in place, the game ends in another state`);
  return actions;
}

/**
 * The engine carries each state's position (src/engine/position.ts) on to the next state, changing it in place
 * and writing back only the unit records it touched. Checked against the same state read afresh from its JSON: the
 * position written out whole must equal the state (no change left unwritten), and the fresh reading must list the same
 * actions (its squares, troops and flags kept up to date). At every position in the long run, every 10th in `npm test`.
 */
const LIST_STRIDE = GAMES > 500 ? 1 : 10;
/** How often the readable rules are checked whole (the move listing, caches off): every 3rd position in the long run, every 25th in `npm test`. */
const ORACLE_STRIDE = GAMES > 500 ? 3 : 25;

function sameAsFresh(s: GameState, legal: readonly Action[]): string | null {
  const whole = toState(positionOf(s));
  for (const k of ['units', 'melees', 'resolution', 'hits', 'shots', 'fires', 'decided', 'result'] as const) {
    if (JSON.stringify(whole[k]) !== JSON.stringify(s[k])) return `the state's ${k} differ from its position's`;
  }
  const fresh = legalActions({ ...s });
  if (fresh.length === legal.length && fresh.every((a, k) => actionKey(a) === actionKey(legal[k]!))) return null;
  return `the listing of the carried position differs from a fresh reading's (${legal.length} against ${fresh.length} actions)`;
}

/** The next sampled action as a one-action "list" for stepInvariants (concede only when nothing else is legal). */
function sampled(s: GameState, rng: RngState): Action[] {
  if (s.phase === 'over') return [];
  const probe: RngState = { s: rng.s };
  const a = sampleAction(s, probe);
  return a ? [a] : [];
}

/** `games` full games of one template. */
export function fuzzTemplate(id: string, games: number, offset = 0): number {
  const scenario = TEMPLATES.find((t) => t.id === id)!.scenario;
  let actions = 0;
  for (let g = 0; g < games; g++) actions += fuzzGame(scenario, (g + offset) * 7919 + 13, id);
  return actions;
}

/** `games` full games, each over its own generated valid scenario. */
export function fuzzGenerated(from: number, games: number): number {
  let actions = 0;
  // Every fourth game lists every position's legal actions; the others are played by sampleAction (faster).
  for (let g = from; g < from + games; g++) actions += fuzzGame(generatedScenario(g), g * 104729 + 1, `generated scenario ${g}`, g % 4 === 0);
  return actions;
}
