/** Copy-on-write drafts of the game state (issue 3): what applyAction changes, and nothing else, is copied. */
import { cloneState, copyUnit, forgetOccupancy, whileDrafting, type GameState, type UnitState } from './state';

/**
 * Copy-on-write drafts (issue 3): applyAction works on a draft whose units array is a fresh shallow copy; unit
 * records stay shared with the input state until one is changed, when `own` swaps in a private copy. Every change
 * to a unit goes through `own`, so the input state is never changed and unchanged units are shared between states.
 */
let owned: Set<UnitState> | null = null;
/** True while applyInPlace changes a private working copy: every record is already its own. */
let inPlace = false;

/** A draft of a state: phase records copied (small), a fresh units array whose records are shared until owned. */
export function draftState(s: GameState): GameState {
  return cloneState(s, false);
}

/** Run `fn`, which changes a draft; records owned inside are private to this run (caches keyed on identity wait). */
export function drafting<T>(fn: () => T, place = false): T {
  const outer = owned, outerPlace = inPlace;
  owned = new Set();
  inPlace = place;
  try { return whileDrafting(fn); } finally { owned = outer; inPlace = outerPlace; }
}

/** The draft's own, changeable record of a unit (a copy swapped into the draft on first change). */
export function own(s: GameState, u: UnitState): UnitState {
  if (!owned) throw new Error('unit records change only inside drafting()');
  if (inPlace) { forgetOccupancy(s, u); return u; }
  if (owned.has(u)) return u;
  // A reference taken before the unit was first changed resolves to the draft's current record.
  let i = s.units.indexOf(u);
  if (i < 0) i = s.units.findIndex((x) => x.id === u.id);
  const cur = s.units[i];
  if (!cur) throw new Error(`no unit ${u.id} in this state`);
  if (owned.has(cur)) return cur;
  const copy = copyUnit(cur);
  owned.add(copy);
  s.units[i] = copy;
  return copy;
}

/** Add a new unit record to a draft (owned from the start). */
export function addUnit(s: GameState, u: UnitState): UnitState {
  owned?.add(u);
  if (inPlace) forgetOccupancy(s);
  s.units.push(u);
  return u;
}
