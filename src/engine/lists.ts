/**
 * The move lists a position keeps through a move phase (each unit's listed moves and the parts they were made of), as
 * plain types: position.ts holds them, moves.ts and keptLists.ts fill and read them (apart, so no import circle).
 */
import type { Action } from '../rules/actions';
import type { Reach } from './search';

/**
 * One way of moving in a kept list: the search, the mover's stands, the variant, the ballista carried (-1: none), and
 * where each square's actions end in the list; `over`: the square ridden over on the way (a run-over part, R-run-over).
 */
export interface Part { r: Reach; stands: number; variant: number; engine: number; ends: number[]; over?: number }

export interface MoveLists {
  units: Array<{ at: number; squares: Uint32Array; list: readonly Action[]; parts: readonly Part[] } | undefined>;
  journal: number[];
  /**
   * Each unit's charges that would wait (chargers.ts waitingCharges), with the squares they were read from (the
   * leaders they counted on stand on some of them) and the plan they were read under.
   */
  charges: Array<{ at: number; squares: Uint32Array; list: readonly Action[]; plan: KeptPlan } | undefined>;
  /** The idle chargers and melees waiting for backing (key), and the squares their lists were read from (chargers.ts keptPlan). */
  plan: KeptPlan | undefined;
  /**
   * The units that could lead a melee at each enemy square, by square, as read at listings of this move phase since
   * journal entry `at` with `n` units (chargers.ts leadersOf; filled as asked, so a copy takes its own).
   */
  leaders: { at: number; n: number; bySquare: Array<readonly number[] | undefined> } | undefined;
  /**
   * By square, 1 next to an enemy square with no melee yet (chargers.ts besideUnattacked), as read at journal entry `at`
   * with these melees' contact squares: it stands while no enemy has left the board (-1) and the melees are the same.
   */
  beside: { at: number; contact: readonly number[]; squares: Uint8Array } | undefined;
}

export interface KeptPlan { at: number; key: string; n: number; squares: Uint32Array }

export const noMoveLists = (): MoveLists => ({ units: [], journal: [], charges: [], plan: undefined, leaders: undefined, beside: undefined });
