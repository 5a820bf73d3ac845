/**
 * The one narrator (architecture "Events as data"): the engine's event records (src/rules/events.ts) in plain
 * English for the play log, the replay view, the battle report and the CLI, and as short labels for map marks.
 * Pure and total: every kind has its words here and nowhere else, and no caller reads meaning back out of them.
 */
import type { Facing } from './coords';
import type { MdiComparison, MeleeResult } from './melee';
import { TROOPS, type TroopType } from './troops';
import type { BallistaShotEvent, GameEvent, LossEvent, MeleeEvent, MeleeSideRecord } from './events';
import type { MeleeModifierReason, MeleeValueBreakdown } from './meleeValue';

/**
 * Who is who, for words: the sides' names and (for the melee break-down) the units' types. A GameState or a player's
 * view will do. Without it sides and units go by their ids.
 */
export interface Cast {
  sides: ReadonlyArray<{ id: string; name: string }>;
  units?: ReadonlyArray<{ id: string; type: TroopType }>;
}

export const FACING_WORDS: Record<Facing, string> = { N: 'north', NE: 'north-east', E: 'east', SE: 'south-east', S: 'south', SW: 'south-west', W: 'west', NW: 'north-west' };

/** Why the attacker fights at -1 (9F), in words. */
export const MODIFIER_WORDS: Record<MeleeModifierReason, string> = {
  crossing: 'attacking onto a ford or bridge',
  road: 'attacking onto a road',
  ballista: 'attacking a ballista square',
  hill: 'attacking up a hill',
};

/** A side's name in the cast (its id when the cast does not know it). */
function sideName(cast: Cast | undefined, id: string): string {
  return cast?.sides.find((s) => s.id === id)?.name ?? id;
}

/**
 * A side's name with a verb that agrees with it: "Russians attack", "Novgorod attacks". `verb` is the form after one
 * ("attacks", "has", "loses"); a name read as plural (ending in a plain s: "Russians", "Teutonic Knights", but not
 * "Rus" or "Swiss") takes the form after many. Every sentence with a side as its subject goes through here.
 */
export function sideDoes(name: string, verb: string): string {
  return `${name} ${namesMany(name) ? pluralVerb(verb) : verb}`;
}

/** Whether a side's name reads as many people ("Russians") rather than one body ("Novgorod", "The Order", "Rus"). */
export function namesMany(name: string): boolean {
  const last = name.trim().split(/\s+/).at(-1) ?? '';
  return last.length > 3 && /[a-z]s$/i.test(last) && !/(ss|us|is)$/i.test(last);
}

function pluralVerb(verb: string): string {
  if (verb === 'has') return 'have';
  if (verb === 'is') return 'are';
  if (/(ss|sh|ch|x|z)es$/.test(verb)) return verb.slice(0, -2);
  return verb.endsWith('s') ? verb.slice(0, -1) : verb;
}

/** A number of points as people write it: 9, 0.5, 0.625 (never a long binary fraction). */
export function formatPoints(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a", "a and b", "a, b and c". */
function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * One side's melee value part by part (9F): each unit's stands at their value this turn, then each modifier.
 * The same words for the preview before a melee and the report after it.
 */
export function valueParts(b: MeleeValueBreakdown, cast?: Cast): string[] {
  const parts = b.parts.map((u) => {
    const type = cast?.units?.find((x) => x.id === u.unit)?.type;
    const name = type ? `${TROOPS[type].name} ` : '';
    return `${name}${u.unit}${u.support ? ' (support)' : ''}: ${plural(u.stands, 'stand')}${u.half ? `, ${u.half} half-killed` : ''} × ${formatPoints(u.standValue)}${u.charging ? ' charging' : ''} = ${formatPoints(u.value)}`;
  });
  for (const mod of b.modifiers) parts.push(`−${-mod.delta} ${MODIFIER_WORDS[mod.reason]}`);
  return parts;
}

/** "Teutonic Order 8 (pincers, −1 attacking onto a road)". */
function meleeSide(s: MeleeSideRecord, cast: Cast | undefined): string {
  const mods = s.modifiers.map((m) => `, −${-m.delta} ${MODIFIER_WORDS[m.reason]}`).join('');
  return `${sideName(cast, s.side)} ${formatPoints(s.value)} (${s.mdi}${mods})`;
}

function comparisonWords(c: MdiComparison, a: string, d: string): string {
  switch (c) {
    case 'a-superior': return `${a}'s deployment is superior`;
    case 'b-superior': return `${d}'s deployment is superior`;
    case 'alike': return 'the deployments are alike';
    case 'withdrawal': return 'the withdrawal gets away';
  }
}

function resultWords(r: MeleeResult, a: string, d: string): string {
  switch (r) {
    case 'a-retreats': return `${a} retreats`;
    case 'b-retreats': return `${d} retreats`;
    case 'a-destroyed': return `${a} is three times weaker and destroyed`;
    case 'b-destroyed': return `${d} is three times weaker and destroyed`;
    case 'equal': return 'equal after losses';
    case 'withdrawal': return 'no losses, and the withdrawing side falls back';
  }
}

function meleeSentence(e: MeleeEvent, cast: Cast | undefined): string {
  const a = sideName(cast, e.attacker.side), d = sideName(cast, e.defender.side);
  const losses = e.result === 'withdrawal' ? '' : `; ${a} loses ${formatPoints(e.attacker.loss)}, ${d} loses ${formatPoints(e.defender.loss)}`;
  return `Melee at ${e.at}: ${meleeSide(e.attacker, cast)} vs ${meleeSide(e.defender, cast)}: ${comparisonWords(e.comparison, a, d)}${losses}; ${resultWords(e.result, a, d)}.`;
}

function ballistaSentence(e: BallistaShotEvent): string {
  let t = `Ballista ${e.unit} shoots at ${e.aim}: d6 ${e.dice[0]}`;
  if (e.stray) t += `, it strays ${FACING_WORDS[e.stray]}`;
  if (e.lands === null) return `${t} and misses.`;
  const cone = e.outsideCone ? ' outside its cone' : '';
  switch (e.hit) {
    case 'none': return e.spared ? `${t} and lands on ${e.lands}${cone}, where only its own side's troops could be hit: none are there.` : `${t} and lands on ${e.lands}${cone}: nothing there to hit.`;
    case 'stand': return `${t} and lands on ${e.lands}${cone}: a stand there is lost.`;
    case 'choice': return `${t} and lands on ${e.lands} among troops and ballista ${e.engine}: the shooting side picks a stand or the ballista.`;
    case 'engine': return `${t} and lands on ballista ${e.engine} at ${e.lands}: d6 ${e.wreckRoll}, ${e.wrecked ? 'wrecked' : 'it holds'}.`;
  }
}

function lossSentence(e: LossEvent): string {
  const gone = e.destroyed ? `; ${e.unit} is destroyed` : '';
  if (e.half) return `A stand of ${e.unit} is half-killed at ${e.at}.`;
  if (e.fraction !== undefined) {
    const by = e.settledBy === 'ledger' ? 'the ledger' : 'a roll';
    return `${e.unit} owes ${formatPoints(e.fraction)} of a stand: ${e.stands > 0 ? 'lost' : 'saved'} by ${by}${gone}.`;
  }
  const to = e.cause === 'melee' ? '' : ` to ${e.cause === 'ballista' ? 'ballista' : 'missile'} fire`;
  return `${e.unit} loses ${e.stands === 1 ? 'a stand' : plural(e.stands, 'stand')}${to} at ${e.at}${gone}.`;
}

/** One event as a sentence for the log (ends with a full stop). */
export function narrate(e: GameEvent, cast?: Cast): string {
  const side = (id: string) => sideName(cast, id);
  switch (e.kind) {
    case 'deploy':
      return 'noRoom' in e ? `${e.unit} finds no room to deploy and stays off the board.` : `${e.unit} is placed at ${e.at}, facing ${FACING_WORDS[e.facing]}.`;
    case 'move': {
      const via = e.route.filter((sq) => sq !== e.from && sq !== e.to);
      let t = `${e.unit} ${e.charge ? 'charges' : 'moves'} from ${e.from} to ${e.to}${via.length ? ` by way of ${list(via)}` : ''}`;
      if (e.carry) t += ` with ballista ${e.carry}`;
      if (e.joins.length) t += `, joining ${list(e.joins)}`;
      if (e.against.length) t += `, and leads a melee against ${list(e.against)}`;
      if (e.supporter) t += `, backed by ${e.supporter}`;
      return `${t}.`;
    }
    case 'exit': return `${e.unit} leaves the board from ${e.at}${e.carry ? ` with ballista ${e.carry}` : ''}; it counts half at the end.`;
    case 'split': return `One stand of ${e.parent} splits off at ${e.at} as ${e.unit}.`;
    case 'run-over': return `${e.unit} rides over ${list(e.destroyed)} at ${e.at}, destroying ${e.destroyed.length === 1 ? 'it' : 'them'}${e.to ? `, and on to ${e.to}` : ''}.`;
    case 'support': return `${e.unit} at ${e.at} supports the melee at ${e.contact}.`;
    case 'fire': {
      const how = [e.converging ? 'one more for converging fire' : '', e.covered ? 'one fewer for cover' : ''].filter(Boolean).join(', ');
      const shot = `${e.unit} shoots at ${e.target} on ${e.targetAt} at range ${e.range}`;
      if (e.dice.length === 0) return `${shot} but has no dice to roll${how ? ` (${how})` : ''}: no hits.`;
      // R-two-types: a commander with a unit there, the dice read against each one's row.
      const score = e.rows ? e.rows.map((r) => `${plural(r.hits, 'hit')} against ${r.unit}`).join(', ') : plural(e.hits, 'hit');
      return `${shot} with ${plural(e.dice.length, 'die', 'dice')}${how ? ` (${how})` : ''}, rolling ${e.dice.join(' ')}: ${score}.`;
    }
    case 'ballista': return ballistaSentence(e);
    case 'ballista-hit': return `${sideDoes(side(e.side), 'aims')} the hit at ballista ${e.unit} on ${e.at}: d6 ${e.dice[0]}, ${e.wrecked ? 'wrecked, and a stand there is lost' : 'it holds'}.`;
    case 'loss': return lossSentence(e);
    case 'melee': return meleeSentence(e, cast);
    case 'retreat': {
      if (e.destroyed) return `${e.unit} has nowhere to retreat from ${e.at} and is destroyed.`;
      const via = e.route.filter((sq) => sq !== e.to);
      const where = e.to === 'off' ? 'off the board' : `to ${e.to}`;
      return `${e.unit} retreats from ${e.at} ${where}${via.length ? ` by way of ${list(via)}` : ''}${e.carry ? ` with ballista ${e.carry}` : ''}.`;
    }
    case 'destroyed': return `${sideDoes(side(e.side), 'loses')} ${list(e.units)} at ${e.at}, destroyed by the three-times rule.`;
    case 'retire':
      // R-retire: a retiring unit with nowhere nearer its edge to go stays where it is.
      if (e.to === e.at) return `${e.unit} has nowhere nearer its own edge to retire to and stays at ${e.at}.`;
      return `${e.unit} retires from ${e.at} ${e.to === 'off' ? 'off the board' : `to ${e.to}`}.`;
    case 'levy': return `${e.unit}, levy down to 2 stands, rolls ${e.dice[0]}: ${e.retires ? 'it retires' : 'it stays'}.`;
    case 'ballista-control':
      if (e.to === null) return `Ballista ${e.unit} at ${e.at} is abandoned.`;
      return e.from === null ? `${sideDoes(side(e.to), 'takes')} the abandoned ballista ${e.unit} at ${e.at}.` : `${sideDoes(side(e.to), 'captures')} ballista ${e.unit} at ${e.at} from ${side(e.from)}.`;
    case 'ballista-destroyed': return `${sideDoes(side(e.side), 'destroys')} ballista ${e.unit} at ${e.at}.`;
    case 'turn': return `Turn ${e.turn}: ${sideDoes(side(e.side), 'attacks')}.`;
    case 'first-attacker': {
      const rolls = e.sides.map((s, i) => `${side(s)} ${e.dice[i]}`).join(', ');
      return `Roll for the first attacker: ${rolls}${e.dice[0] === e.dice[1] ? ', a tie, so both roll again' : ''}.`;
    }
    case 'concede': return `${sideDoes(side(e.side), 'concedes')}.`;
    case 'end': {
      const why = e.reason === 'conceded' ? `${side(e.conceded ?? '')} conceded`
        : e.reason === 'no-troops' ? `${e.noTroops.length === 1 ? sideDoes(side(e.noTroops[0]!), 'has') : `${list(e.noTroops.map(side))} have`} no troops left on the board`
          : 'the turn limit is reached';
      const score = Object.entries(e.points).map(([id, n]) => `${side(id)} ${formatPoints(n)}`).join(', ');
      const held = e.objectives?.length ? ` Objectives: ${e.objectives.map((o) => `${o.label} (${formatPoints(o.points)}) ${o.holder ? `held by ${side(o.holder)}` : 'held by nobody'}`).join('; ')}.` : '';
      return `Game over after turn ${e.turn} (${why}). Points: ${score}.${held} ${e.winner ? `${sideDoes(side(e.winner), 'wins')}.` : 'A draw.'}`;
    }
  }
  return assertNever(e);
}

function assertNever(e: never): never {
  throw new Error(`an event of unknown kind: ${(e as { kind?: unknown }).kind as string}`);
}

/**
 * More about an event than its sentence, one line each, for the battle report and a log line's tooltip: a melee's
 * value on each side part by part. Empty for most kinds.
 */
export function narrateDetail(e: GameEvent, cast?: Cast): string[] {
  if (e.kind !== 'melee') return [];
  return [e.attacker, e.defender].map((s) => `${sideName(cast, s.side)} ${formatPoints(s.value)}: ${valueParts(s, cast).join('; ') || 'no troops'}`);
}

/**
 * A short label for the map (the play and replay views): the dice a shooter, a ballista or a levy rolled (with a
 * shooter's hits), the two MDIs at a melee. Null for kinds the map marks otherwise (moves, losses) or not at all.
 */
export function eventLabel(e: GameEvent): string | null {
  switch (e.kind) {
    case 'fire': return `${e.dice.length ? e.dice.join(' ') : 'no dice'} → ${e.hits}`;
    case 'ballista': case 'ballista-hit': case 'levy': return e.dice.join(' ');
    case 'melee': return `${e.attacker.mdi} v ${e.defender.mdi}`;
    default: return null;
  }
}

/**
 * Does the event only restate the decision that caused it (a placement, a move, a move off the board, a support
 * declaration)? A log that prints each decision's own line leaves these out; a placement that found no room is news.
 */
export function restatesAction(e: GameEvent): boolean {
  return e.kind === 'move' || e.kind === 'exit' || e.kind === 'support' || (e.kind === 'deploy' && !('noRoom' in e));
}

/** The heading of the part of a game a turn event opens ("Turn 3"): the battle report's stages. */
export function turnTitle(e: Extract<GameEvent, { kind: 'turn' }>): string {
  return `Turn ${e.turn}`;
}
