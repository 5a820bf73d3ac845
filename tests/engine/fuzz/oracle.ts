/**
 * The readable rule modules as the oracle of the fast core (architecture "One rule, one module"; issue 26 item 3):
 * at a position of a fuzz game, what the core lists and computes is held to src/rules/movement.ts, losses.ts,
 * meleeValue.ts and points.ts, and the listing with every cache switched off must be the listing with them on.
 */
import { actionKey, legalActions, scoreParts, type Action, type GameState } from '../../../src/rules';
import { positionOf } from '../../../src/rules/game';
import { meleeBreakdown, withCaches, NO_CACHES } from '../../../src/rules/core';
import { moveListing } from '../../../src/rules/movement';
import { lossChoices } from '../../../src/rules/losses';
import { meleeValuesAt } from '../../../src/rules/meleeValue';
import { missileDice, withShot } from '../../../src/rules/missileFire';
import { retreatEnds } from '../../../src/rules/retreat';

const keys = (list: readonly Action[]) => list.map(actionKey).sort();

function sameKeys(what: string, got: readonly Action[], want: readonly Action[]): string | null {
  const g = keys(got), w = keys(want);
  if (g.join('\n') === w.join('\n')) return null;
  return `${what}: the core lists ${g.filter((k) => !w.includes(k)).join(' / ') || 'nothing more'} beyond the readable rules, and misses ${w.filter((k) => !g.includes(k)).join(' / ') || 'nothing'}`;
}

/**
 * Checks before action `a` is applied to `s` (listed as `legal`), and of the state `next` it leads to. `deep`: also
 * the whole move-phase listing against movement.ts and the listing with caches off (slower; at a stride).
 */
export function oracleFault(s: GameState, legal: readonly Action[], a: Action, next: GameState, deep: boolean): string | null {
  if (deep && legal.length > 0) {
    if (s.phase === 'move') {
      const fault = sameKeys('7 movement', legal, moveListing(s));
      if (fault) return fault;
    }
    const bare = withCaches(NO_CACHES, () => legalActions({ ...s }));
    if (bare.length !== legal.length || bare.some((x, k) => actionKey(x) !== actionKey(legal[k]!))) return 'with every cache off the listing differs';
  }
  const r = s.resolution;
  if (r?.stage === 'allocate' && s.toAct && s.current !== null) {
    const want = lossChoices(s, s.melees[s.current]!, s.toAct, r.loss[s.toAct]!).map((c): Action => (c.half ? { type: 'allocate', side: s.toAct!, unit: c.unit, half: true } : { type: 'allocate', side: s.toAct!, unit: c.unit }));
    const fault = sameKeys('10 losses', legal.filter((x) => x.type === 'allocate'), want);
    if (fault) return fault;
  }
  const retreats = legal.filter((x) => x.type === 'retreat');
  if (r?.stage === 'retreat' && retreats.length > 0) {
    const u = s.units.find((x) => x.id === r.retreat[0])!;
    const want = retreatEnds(s, u).map((to): Action => ({ type: 'retreat', side: u.side, unit: u.id, to }));
    const fault = sameKeys(`10 retreat of ${u.id} from ${u.at}`, retreats, want);
    if (fault) return fault;
  }
  if (s.phase === 'melee' && s.current !== null && !r && a.type === 'mdi' && next.resolution) {
    // The last MDI pick: the melee is fought now, with the core's values; the readable rule must give the same.
    const p = positionOf(s);
    const core = meleeBreakdown(p, p.melees[p.current]!);
    const readable = meleeValuesAt(s, s.melees[s.current]!.contact);
    if (JSON.stringify(core) !== JSON.stringify(readable)) return `10 melee value at ${s.melees[s.current]!.contact}: core ${JSON.stringify(core)} against readable ${JSON.stringify(readable)}`;
  }
  const declared = a.type === 'fire' ? withShot(s, a.unit, a.target)
    : a.type === 'fireFirst' ? { ...s, fires: s.fires.map((f) => (f.unit === a.unit ? { ...f, first: true as const } : f)) } : s;
  for (const e of next.events) {
    if (e.kind !== 'fire') continue;
    // Missile fire was resolved by this action: every shooter rolled the dice the readable rule gives.
    const want = missileDice(declared, e.unit, e.target);
    if (!want || want.dice !== e.dice.length || want.converging !== e.converging) return `9 missile dice of ${e.unit}: rolled ${e.dice.length}${e.converging ? ' (converging)' : ''}, the rule gives ${want?.dice}`;
  }
  if (next.phase === 'over' && next.result) {
    for (const x of scoreParts(next)) if (Math.abs(x.total - next.result.points[x.side]!) > 1e-9) return `11 points of ${x.side}: ${next.result.points[x.side]} against ${x.total}`;
  }
  return null;
}
