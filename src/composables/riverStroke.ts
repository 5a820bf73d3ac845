/**
 * Which square edges a pointer stroke runs along (river drawing and removal). Pure: pointer hits in, edges out.
 *
 * An edge joins the stroke only when the pointer passes over its middle part close to the line, so brushing past a
 * grid corner never adds the edge that leaves it. A press that never passes the middle of an edge is a click: it
 * takes the edge nearest the press.
 */
import { edgeKey, parseSquare, squareName, type Edge } from '../rules';
import type { EdgeHit } from '../render';

/** How close to an edge's line (in squares) the pointer must pass. */
export const ON_LINE = 0.3;
/** The part of an edge (from each end, in squares) that does not count as running along it. */
export const CORNER = 0.2;

/** True when the hit lies on the middle part of its edge, near the line. */
export function onEdgeMiddle(hit: EdgeHit): boolean {
  return hit.distance <= ON_LINE && hit.along >= CORNER && hit.along <= 1 - CORNER;
}

/** The line an edge lies on and its position along it: edges on one line with consecutive positions touch. */
function lineOf(e: Edge): { line: string; pos: number } | null {
  const p = parseSquare(e[0]);
  const q = parseSquare(e[1]);
  if (!p || !q) return null;
  if (p.row === q.row) return { line: `x${Math.max(p.col, q.col)}`, pos: p.row };
  return { line: `y${Math.max(p.row, q.row)}`, pos: p.col };
}

/** The edges strictly between two edges on the same grid line (none when they are not on one line). */
export function edgesBetween(a: Edge, b: Edge): Edge[] {
  const la = lineOf(a);
  const lb = lineOf(b);
  if (!la || !lb || la.line !== lb.line || Math.abs(la.pos - lb.pos) < 2) return [];
  const k = Number(la.line.slice(1));
  const out: Edge[] = [];
  const step = Math.sign(lb.pos - la.pos);
  for (let pos = la.pos + step; pos !== lb.pos; pos += step) {
    out.push(la.line[0] === 'x' ? [squareName(k - 1, pos), squareName(k, pos)] : [squareName(pos, k - 1), squareName(pos, k)]);
  }
  return out;
}

/** One pointer stroke over square edges. */
export class RiverStroke {
  /** Edges in the order the pointer ran along them. */
  readonly edges: Edge[] = [];
  private readonly keys = new Set<string>();
  /** The edge nearest the press, taken if the stroke ends as a click. */
  private readonly pressed: Edge | null;

  constructor(press: EdgeHit | null) {
    this.pressed = press ? press.edge : null;
    if (press && onEdgeMiddle(press)) this.add(press.edge);
  }

  /** The pointer moved: true when the stroke gained edges. */
  move(hit: EdgeHit | null): boolean {
    if (!hit || !onEdgeMiddle(hit) || this.keys.has(edgeKey(hit.edge[0], hit.edge[1]))) return false;
    const last = this.edges[this.edges.length - 1];
    // A quick pointer can skip an edge between two events: fill the gap when both lie on one grid line.
    if (last) for (const e of edgesBetween(last, hit.edge)) this.add(e);
    this.add(hit.edge);
    return true;
  }

  /** The stroke's edges; a click (no edge run along) is the edge nearest the press. */
  result(): Edge[] {
    if (this.edges.length === 0 && this.pressed) return [this.pressed];
    return [...this.edges];
  }

  private add(e: Edge): void {
    const k = edgeKey(e[0], e[1]);
    if (this.keys.has(k)) return;
    this.keys.add(k);
    this.edges.push([e[0], e[1]]);
  }
}
