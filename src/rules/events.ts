/**
 * What the engine tells of an action as data (architecture "Events as data"): one record per kind, carrying the
 * units, squares, dice and values, never words. src/rules/narrate.ts is the one place that turns them into English
 * (the play log, the map labels, the battle report, the CLI); no layer reads meaning out of text.
 *
 * Common fields, wherever they make sense: `kind`; `side`, the side the event belongs to (the acting side, the side
 * that lost or moved); `unit`, the unit it is about; `at`, the square a map marks it on (named per kind below).
 * Records are built only when the game keeps events (never in playouts) and are shared between states: never
 * change one.
 */
import type { Facing, Square } from './coords';
import type { Mdi, MdiComparison, MeleeResult } from './melee';
import type { EndReason, MeleeValueBreakdown, SideId } from './vocabulary';

/** A unit placed in hidden deployment (4): `at` its square. */
export interface DeployEvent { kind: 'deploy'; side: SideId; unit: string; at: Square; facing: Facing }

/** A unit that found no square to deploy in: it stays off the board (no `at`). */
export interface NoRoomEvent { kind: 'deploy'; side: SideId; unit: string; noRoom: true }

/**
 * A move or charge (6): `at` is where it ends (`to`). `route`: every square the path passed between `from` and `to`,
 * in travel order (empty for a one-step move). `carry`: the ballista it
 * takes along. `against`: the enemy units in `to` it leads a melee against. `joins`: units of its side already in
 * `to` (a commander joining a unit, a split part rejoining). `supporter`: the unit declared with it to back it (6J).
 */
export interface MoveEvent {
  kind: 'move'; side: SideId; unit: string; at: Square;
  from: Square; to: Square; charge: boolean; route: Square[]; carry?: string; against: string[]; joins: string[]; supporter?: string;
}

/** A unit leaving the board across its edge (R-exit): `at` is the square it left from; `carry` the ballista it took. */
export interface ExitEvent { kind: 'exit'; side: SideId; unit: string; at: Square; carry?: string }

/** One stand split off a unit (6F) as a new unit `unit` (it moves on in the same action); `at` where they stood. */
export interface SplitEvent { kind: 'split'; side: SideId; unit: string; at: Square; parent: string }

/**
 * Cavalry riding over enemy troops in `at` (10A): `destroyed` names the units removed; `to`, where the move goes on to
 * end when it does not end on `at` (R-run-over: the run-over is part of the move).
 */
export interface RunOverEvent { kind: 'run-over'; side: SideId; unit: string; at: Square; to?: Square; destroyed: string[] }

/** A support declaration (9E): the supporter in `at` backs the melee at `contact`. */
export interface SupportEvent { kind: 'support'; side: SideId; unit: string; at: Square; contact: Square }

/**
 * One shooter's missile fire (9B): `at` the shooter's square; `range` in squares; `dice` as rolled (one per stand,
 * one less into a protected square, one more when `converging`); `hits` scored by the table.
 */
export interface FireEvent {
  kind: 'fire'; side: SideId; unit: string; at: Square;
  target: string; targetAt: Square; range: number; converging: boolean; covered: boolean; dice: number[]; hits: number;
  /** With two types in the target square (R-two-types): the hits the dice score against each unit's row there. */
  rows?: Array<{ unit: string; hits: number }>;
}

/**
 * What a ballista shot came to where it landed: `none` (missed, or nothing it may hit there), `stand` (a stand there
 * is lost: a loss event follows once hits apply), `engine` (only a ballista there: the wreck roll decides), `choice`
 * (troops and a ballista there: the shooter chooses, R-stand-or-engine).
 */
export type BallistaHitKind = 'none' | 'stand' | 'engine' | 'choice';

/**
 * A ballista shot (8): `at` the shooter's square, `aim` the square aimed at; `dice` are the d6 (then the stray d8,
 * then a wreck d6). `stray`: the direction it strayed, when it did. `lands`: where it came down (null: off the
 * board, back on the shooter or beyond range: a miss). `outsideCone`: a stray landing outside the shooter's cone hits
 * only its own side's troops (R-ballista-stray); `spared` says enemy troops stood there unharmed. `engine`: the
 * ballista where it landed; `wreckRoll` and `wrecked` when it was rolled for.
 */
export interface BallistaShotEvent {
  kind: 'ballista'; side: SideId; unit: string; at: Square;
  aim: Square; dice: number[]; stray?: Facing; lands: Square | null; outsideCone: boolean; spared: boolean;
  hit: BallistaHitKind; engine?: string; wreckRoll?: number; wrecked?: boolean;
}

/** The shooter aimed a hit at the ballista `unit` in `at` (R-stand-or-engine): `dice` the d6, a 6 wrecks it and a stand there. */
export interface BallistaHitEvent { kind: 'ballista-hit'; side: SideId; unit: string; at: Square; dice: [number]; wrecked: boolean }

/** What took a stand: melee losses (9K), a ballista shot (8) or missile fire (9B). */
export type LossCause = 'melee' | 'ballista' | 'missile';

/**
 * Stands a unit lost (`side` is the unit's side, `at` its square): `stands` lost (0 when a fraction was saved);
 * `half`: a stand half-killed instead; `fraction`: the part of a stand owed, settled by `settledBy` (a roll or the
 * ledger, 9K), `stands` 1 when lost. `destroyed`: the unit has no stand left.
 */
export interface LossEvent {
  kind: 'loss'; side: SideId; unit: string; at: Square; cause: LossCause; stands: number;
  half?: true; fraction?: number; settledBy?: 'roll' | 'ledger'; destroyed: boolean;
}

/** One side of a melee: its value with how it is made up (each unit's part and each modifier), its MDI, loss and remainder. */
export interface MeleeSideRecord extends MeleeValueBreakdown { mdi: Mdi; loss: number; remaining: number }

/**
 * A melee fought (10): `at` the contact square; `side` the attacker; both sides attacker first, each with its
 * value WITH every part and modifier, its MDI, its loss in points and what remains; `comparison` of the MDIs from
 * the attacker's view (`a-` the attacker, `b-` the defender) and the `result`.
 */
export interface MeleeEvent {
  kind: 'melee'; side: SideId; at: Square;
  attacker: MeleeSideRecord; defender: MeleeSideRecord; comparison: MdiComparison; result: MeleeResult;
}

/**
 * A unit retreating from `at` (10, R-retreat) to `to` by `route` (the squares passed, the end included; 'off': off the
 * board). `carry`: its ballista going along. `destroyed`: it had nowhere to go and is destroyed (no `to`).
 */
export interface RetreatEvent {
  kind: 'retreat'; side: SideId; unit: string; at: Square;
  to: Square | 'off' | null; route: Square[]; carry?: string; destroyed: boolean;
}

/** The three-times rule (R-three-times): `side`'s troops in the melee at `at` (contact units and supporters) are destroyed. */
export interface ThreeTimesEvent { kind: 'destroyed'; side: SideId; at: Square; units: string[] }

/** A retiring unit's move (10B, R-retire) from `at` to `to` ('off': it left the board). */
export interface RetireEvent { kind: 'retire'; side: SideId; unit: string; at: Square; to: Square | 'off' }

/** A levy unit at 2 stands rolls once (10B): `dice` the d6; `retires` on 4-6. */
export interface LevyEvent { kind: 'levy'; side: SideId; unit: string; at: Square; dice: [number]; retires: boolean }

/**
 * A ballista changing hands (6K, 9M): `from` the side that held it, `to` the side that takes it (null: abandoned,
 * nobody's). `side` is the taker, or the side that lost it when it is abandoned.
 */
export interface BallistaControlEvent { kind: 'ballista-control'; side: SideId; unit: string; at: Square; from: SideId | null; to: SideId | null }

/** A side destroying its own ballista (9M). */
export interface BallistaDestroyedEvent { kind: 'ballista-destroyed'; side: SideId; unit: string; at: Square }

/** A turn begins (`side` attacks). */
export interface TurnEvent { kind: 'turn'; side: SideId; turn: number }

/** The first-attacker roll: `dice` one d6 per side, in `sides` order (a tie rolls again: another event). */
export interface FirstAttackerEvent { kind: 'first-attacker'; sides: [SideId, SideId]; dice: [number, number] }

/** A side conceding (it loses the game). */
export interface ConcedeEvent { kind: 'concede'; side: SideId }

/**
 * The end of the game (10G, 11): after `turn`, the `reason`, each side's `points`, the `winner` (null: a draw);
 * `conceded` the side that conceded, `noTroops` the sides left with no troops on the board.
 */
export interface EndEvent {
  kind: 'end'; turn: number; reason: EndReason; points: Record<SideId, number>; winner: SideId | null;
  conceded?: SideId; noTroops: SideId[];
  /** The scenario's objectives and who held each at the end (R-objectives; absent when it has none). */
  objectives?: Array<{ id: string; label: string; points: number; holder: SideId | null }>;
}

/** Every event the engine emits, told apart by `kind`. */
export type GameEvent =
  | DeployEvent | NoRoomEvent | MoveEvent | ExitEvent | SplitEvent | RunOverEvent | SupportEvent
  | FireEvent | BallistaShotEvent | BallistaHitEvent | LossEvent | MeleeEvent | RetreatEvent | ThreeTimesEvent
  | RetireEvent | LevyEvent | BallistaControlEvent | BallistaDestroyedEvent | TurnEvent | FirstAttackerEvent
  | ConcedeEvent | EndEvent;

export type EventKind = GameEvent['kind'];

const KINDS: Record<EventKind, true> = {
  deploy: true, move: true, exit: true, split: true, 'run-over': true, support: true, fire: true, ballista: true, 'ballista-hit': true,
  loss: true, melee: true, retreat: true, destroyed: true, retire: true, levy: true, 'ballista-control': true,
  'ballista-destroyed': true, turn: true, 'first-attacker': true, concede: true, end: true,
};

/** Every kind of event (the record above makes the compiler hold this list to the union). */
export const EVENT_KINDS = Object.keys(KINDS) as EventKind[];

/** The side an event belongs to, if any (the first-attacker roll and the end of the game belong to none). */
export function eventSide(e: GameEvent): SideId | null {
  return 'side' in e ? e.side : null;
}

/** The square an event is marked on, if any. */
export function eventSquare(e: GameEvent): Square | null {
  return 'at' in e ? e.at : null;
}
