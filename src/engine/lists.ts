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
}

export const noMoveLists = (): MoveLists => ({ units: [], journal: [] });
