/**
 * What an edit changed, in a few words, read from the scenario before and after it (issue 44: Undo and Redo say what
 * they undid). The history keeps documents, not commands, so the words come from the difference itself, and a history
 * restored from the library reads as well as one made in this session.
 */
import { TROOPS, type Scenario, type SideSpec, type UnitSpec } from '../rules';
import type { Roster } from '../rulesets';

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function unitWords(u: UnitSpec): string {
  return `${lower(TROOPS[u.type]?.name ?? u.type)} ${u.id}`;
}

/** A unit's own change, or null when it is the same. */
function unitChange(a: UnitSpec, b: UnitSpec): string | null {
  const who = unitWords(b);
  if (a.at !== b.at) {
    if (!a.at) return `${who} placed at ${b.at}`;
    if (!b.at) return `${who} returned to the roster`;
    return `${who} moved from ${a.at} to ${b.at}`;
  }
  if (a.facing !== b.facing) return `${who} turned to face ${b.facing ?? 'its side\'s default'}`;
  if (a.stands !== b.stands) return `${who} set to ${b.stands ?? 'full'} stands`;
  if (a.type !== b.type) return `${who} changed type`;
  return null;
}

function sideChanges(a: SideSpec | undefined, b: SideSpec | undefined, out: string[]): void {
  if (!a || !b) return;
  const name = b.name ?? b.id;
  if (a.id !== b.id || a.name !== b.name) out.push(`side ${a.name ?? a.id} renamed ${name}`);
  if (a.army !== b.army) out.push(`${name}'s army`);
  if (a.edge !== b.edge) out.push(`${name}'s edge`);
  if (a.briefing !== b.briefing) out.push(`${name}'s briefing`);
  if (a.divisions !== b.divisions) out.push(`${name}'s divisions`);
  const before = new Map(a.units.map((u) => [u.id, u]));
  const after = new Map(b.units.map((u) => [u.id, u]));
  const added = b.units.filter((u) => !before.has(u.id));
  const removed = a.units.filter((u) => !after.has(u.id));
  if (added.length === 1 && removed.length === 0) out.push(`${unitWords(added[0]!)} added to ${name}`);
  else if (removed.length === 1 && added.length === 0) out.push(`${unitWords(removed[0]!)} removed from ${name}`);
  else if (added.length + removed.length > 0) out.push(`${name}'s roster (${plural(added.length, 'unit')} added, ${removed.length} removed)`);
  const changed: string[] = [];
  for (const u of b.units) {
    const old = before.get(u.id);
    const c = old && old !== u ? unitChange(old, u) : null;
    if (c) changed.push(c);
  }
  if (changed.length === 1) out.push(changed[0]!);
  else if (changed.length > 1 && changed.length <= 2) out.push(changed.join(' and '));
  else if (changed.length > 2) out.push(`${plural(changed.length, 'unit')} of ${name} moved or changed`);
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Squares whose terrain differs (protected kinds and hills), for "woods on E3" or "terrain on 4 squares". */
function terrainChange(a: Scenario, b: Scenario): string | null {
  const ta = a.terrain ?? {}, tb = b.terrain ?? {};
  if (same(ta, tb)) return null;
  const parts: string[] = [];
  if (!same(ta.protected, tb.protected)) {
    const pa = new Map((ta.protected ?? []).map((p) => [p.at, p.kind]));
    const pb = new Map((tb.protected ?? []).map((p) => [p.at, p.kind]));
    const squares = [...new Set([...pa.keys(), ...pb.keys()])].filter((sq) => pa.get(sq) !== pb.get(sq));
    if (squares.length === 1) {
      const sq = squares[0]!, kind = pb.get(sq) ?? pa.get(sq)!;
      parts.push(pb.has(sq) ? `${kind} on ${sq}` : `${kind} on ${sq} erased`);
    } else parts.push(`${[...new Set([...squares.map((sq) => pb.get(sq) ?? pa.get(sq)!)])].join(' and ')} on ${squares.length} squares`);
  }
  if (!same(ta.hills, tb.hills)) parts.push('hills');
  if (!same(ta.roads, tb.roads)) parts.push('roads');
  if (!same(ta.rivers, tb.rivers)) parts.push('rivers');
  if (!same(ta.crossings, tb.crossings)) parts.push('fords and bridges');
  return parts.join(', ');
}

/** What turned `before` into `after`, in a few words ("knights t-knights-4 placed at E3"). */
export function describeEdit(before: Scenario, after: Scenario): string {
  if (before === after) return 'nothing';
  const out: string[] = [];
  if (!same(before.board, after.board)) out.push(`board size ${after.board.columns ?? ''}×${after.board.rows ?? ''}`.trim());
  for (let i = 0; i < Math.max(before.sides.length, after.sides.length); i++) {
    if (before.sides[i] !== after.sides[i]) sideChanges(before.sides[i], after.sides[i], out);
  }
  const t = terrainChange(before, after);
  if (t) out.push(t);
  if (!same(before.objectives, after.objectives)) out.push('objectives');
  if (!same(before.meta, after.meta)) out.push(before.meta.title !== after.meta.title ? `title "${after.meta.title}"` : 'scenario details');
  if (!same(before.rules, after.rules)) out.push('scenario rules');
  if (before.notes !== after.notes) out.push('notes');
  if (out.length === 0) return 'an edit';
  return out.length > 3 ? `${out.slice(0, 3).join('; ')} and more` : out.join('; ');
}

/** What turned one roster into another, in a few words ("unit knights-2 removed", "knights-1's stands"). */
export function describeRosterEdit(before: Roster, after: Roster): string {
  if (before === after) return 'nothing';
  const out: string[] = [];
  if (!same(before.meta, after.meta)) out.push(before.meta.title !== after.meta.title ? `title "${after.meta.title}"` : 'roster details');
  if (!same(before.options, after.options)) out.push('roster options');
  type U = { id: string; name?: string };
  const units = (r: Roster) => r.units as readonly U[];
  const was = new Map(units(before).map((u) => [u.id, u]));
  const now = new Map(units(after).map((u) => [u.id, u]));
  const named = (u: U) => (u.name ? `${u.name} (${u.id})` : u.id);
  const added = units(after).filter((u) => !was.has(u.id)), removed = units(before).filter((u) => !now.has(u.id));
  if (added.length === 1) out.push(`unit ${named(added[0]!)} added`);
  else if (added.length > 1) out.push(`${added.length} units added`);
  if (removed.length === 1) out.push(`unit ${named(removed[0]!)} removed`);
  else if (removed.length > 1) out.push(`${removed.length} units removed`);
  const changed = units(after).filter((u) => was.has(u.id) && !same(was.get(u.id), u));
  for (const u of changed.slice(0, 2)) {
    const old = was.get(u.id) as Record<string, unknown>, fields = Object.keys({ ...old, ...u }).filter((k) => !same(old[k], (u as Record<string, unknown>)[k]));
    out.push(`${named(u)}: ${fields.join(', ')}`);
  }
  if (changed.length > 2) out.push(`${changed.length - 2} more units changed`);
  if (out.length === 0 && !same(units(before).map((u) => u.id), units(after).map((u) => u.id))) out.push('unit order');
  return out.length === 0 ? 'an edit' : out.join('; ');
}
