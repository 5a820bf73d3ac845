/**
 * What changed between two versions of a scenario, in a few words (issue 43 item 4): the Balance panel's "Compare with"
 * names each earlier version by the edit made after it ("before: knights t-knights-4 added at E3"), not only by how
 * many edits ago it was.
 */
import { TROOPS, resolveRules, sideName, type Scenario } from '../rules';
import { terrainFeatures } from './variants';

type Unit = Scenario['sides'][number]['units'][number];

const unitName = (u: Unit) => `${TROOPS[u.type]?.name.toLowerCase() ?? u.type} ${u.id}`;

/** The changes from `before` to `after`, each a few words, in a fixed order (units, rules, terrain, objectives, the rest). */
export function changesBetween(before: Scenario, after: Scenario): string[] {
  const out: string[] = [];
  const units = (s: Scenario) => new Map(s.sides.flatMap((sd) => sd.units.map((u) => [u.id, { u, side: sd.id }] as const)));
  const a = units(before), b = units(after);
  for (const [id, { u }] of b) {
    const was = a.get(id)?.u;
    if (!was) out.push(`${unitName(u)} added${u.at ? ` at ${u.at}` : ''}`);
    else if (was.type !== u.type) out.push(`${id} now ${TROOPS[u.type]?.name.toLowerCase() ?? u.type}`);
    else if (was.at !== u.at) out.push(u.at ? (was.at ? `${unitName(u)} moved ${was.at} → ${u.at}` : `${unitName(u)} placed at ${u.at}`) : `${unitName(u)} taken off the board`);
    else if (was.facing !== u.facing) out.push(`${unitName(u)} faces ${u.facing ?? 'the default'}`);
    else if (was.stands !== u.stands) out.push(`${unitName(u)} with ${u.stands ?? 'full'} stands`);
  }
  for (const [id, { u }] of a) if (!b.has(id)) out.push(`${unitName(u)} removed${u.at ? ` from ${u.at}` : ''}`);
  const ra = resolveRules(before.rules), rb = resolveRules(after.rules);
  if (ra.turnLimit !== rb.turnLimit) out.push(`turn limit ${ra.turnLimit ?? 'none'} → ${rb.turnLimit ?? 'none'}`);
  else if (JSON.stringify(before.rules ?? {}) !== JSON.stringify(after.rules ?? {})) out.push('rules changed');
  const fa = new Map(terrainFeatures(before).map((f) => [f.key, f])), fb = new Map(terrainFeatures(after).map((f) => [f.key, f]));
  for (const [k, f] of fb) if (!fa.has(k)) out.push(`${f.label} added`);
  for (const [k, f] of fa) if (!fb.has(k)) out.push(`${f.label} removed`);
  const oa = new Map((before.objectives ?? []).map((o) => [o.id, o])), ob = new Map((after.objectives ?? []).map((o) => [o.id, o]));
  for (const [id, o] of ob) {
    const was = oa.get(id);
    const name = `objective "${o.label || id}"`;
    if (!was) out.push(`${name} added at ${o.squares.join(', ')}`);
    else if (was.squares.join() !== o.squares.join()) out.push(`${name} moved to ${o.squares.join(', ')}`);
    else if (was.points !== o.points) out.push(`${name} ${was.points} → ${o.points} points`);
    else if (was.for !== o.for || was.label !== o.label) out.push(`${name} changed`);
  }
  for (const [id, o] of oa) if (!ob.has(id)) out.push(`objective "${o.label || id}" removed`);
  before.sides.forEach((sd, i) => {
    const now = after.sides[i];
    if (now && sideName(now) !== sideName(sd)) out.push(`${sideName(sd)} renamed ${sideName(now)}`);
    else if (now && (now.army !== sd.army || now.edge !== sd.edge || now.briefing !== sd.briefing || now.divisions !== sd.divisions)) out.push(`${sideName(now)} changed`);
  });
  if (JSON.stringify(before.board) !== JSON.stringify(after.board)) out.push('board size changed');
  if (JSON.stringify(before.meta) !== JSON.stringify(after.meta) || before.notes !== after.notes) out.push('title, description or notes edited');
  return out;
}

/** The changes in a few words: the first two, then how many more ("no change" when none). */
export function whatChanged(before: Scenario, after: Scenario): string {
  const all = changesBetween(before, after);
  if (all.length === 0) return 'no change';
  return all.length <= 2 ? all.join('; ') : `${all.slice(0, 2).join('; ')} and ${all.length - 2} more changes`;
}
