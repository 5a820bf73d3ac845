/** What differs between two versions of a club entry, as a plain list of sentences (for the versions' "Compare"). */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
const show = (v: unknown) => {
  const s = typeof v === 'string' ? `“${v}”` : v === undefined ? '(none)' : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

/** The differences from `a` (older) to `b` (newer); an empty list when the two are the same. */
export function compareDocs(a: unknown, b: unknown): string[] {
  const out: string[] = [];
  if (!isObj(a) || !isObj(b)) return same(a, b) ? out : ['The documents differ.'];
  const metaA = isObj(a.meta) ? a.meta : {};
  const metaB = isObj(b.meta) ? b.meta : {};
  for (const k of [...new Set([...Object.keys(metaA), ...Object.keys(metaB)])]) {
    if (!same(metaA[k], metaB[k])) out.push(`${k}: ${show(metaA[k])} → ${show(metaB[k])}`);
  }
  const terrainA = isObj(a.terrain) ? a.terrain : {};
  const terrainB = isObj(b.terrain) ? b.terrain : {};
  for (const k of [...new Set([...Object.keys(terrainA), ...Object.keys(terrainB)])]) {
    const [n, m] = [count(terrainA[k]), count(terrainB[k])];
    if (n !== m) out.push(`Terrain, ${k}: ${n} → ${m}`);
    else if (!same(terrainA[k], terrainB[k])) out.push(`Terrain, ${k}: moved or changed (${m})`);
  }
  const sides = (d: Obj) => (Array.isArray(d.sides) ? (d.sides as unknown[]).filter(isObj) : []);
  const sidesA = sides(a);
  const sidesB = sides(b);
  for (let i = 0; i < Math.max(sidesA.length, sidesB.length); i++) {
    const sa = sidesA[i];
    const sb = sidesB[i];
    const name = String(sb?.name ?? sb?.id ?? sa?.name ?? sa?.id ?? `side ${i + 1}`);
    if (!sa || !sb) { out.push(`Side ${name}: ${sa ? 'removed' : 'added'}`); continue; }
    const [n, m] = [count(sa.units), count(sb.units)];
    if (n !== m) out.push(`Side ${name}, units: ${n} → ${m}`);
    else if (!same(sa.units, sb.units)) out.push(`Side ${name}, units: changed (${m})`);
    for (const k of Object.keys({ ...sa, ...sb })) if (k !== 'units' && !same(sa[k], sb[k])) out.push(`Side ${name}, ${k}: ${show(sa[k])} → ${show(sb[k])}`);
  }
  if (!Array.isArray(a.sides) && (Array.isArray(a.units) || Array.isArray(b.units))) {
    const [n, m] = [count(a.units), count(b.units)];
    if (n !== m) out.push(`Units: ${n} → ${m}`);
    else if (!same(a.units, b.units)) out.push(`Units: changed (${m})`);
  }
  for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    if (['meta', 'terrain', 'sides', 'units'].includes(k)) continue;
    if (!same(a[k], b[k])) out.push(`${k}: ${show(a[k])} → ${show(b[k])}`);
  }
  return out;
}
