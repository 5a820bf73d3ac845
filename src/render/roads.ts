/** Roads as square runs: expand a path of corner points to every square it covers, and back. */
import { parseSquare, squareName, type Square } from '../rules';

/** Every square a road path covers, in order, each once (consecutive points share a row or column). */
export function roadSquares(path: readonly Square[]): Square[] {
  const out: Square[] = [];
  for (let j = 0; j < path.length; j++) {
    const b = parseSquare(path[j]!);
    if (!b) continue;
    if (j === 0) { out.push(path[j]!); continue; }
    const a = parseSquare(path[j - 1]!);
    if (!a || (a.col !== b.col && a.row !== b.row)) { out.push(path[j]!); continue; }
    const steps = Math.max(Math.abs(b.col - a.col), Math.abs(b.row - a.row));
    const sx = Math.sign(b.col - a.col);
    const sy = Math.sign(b.row - a.row);
    for (let k = 1; k <= steps; k++) out.push(squareName(a.col + sx * k, a.row + sy * k));
  }
  return out;
}

/** The shortest corner-point path through consecutive orthogonal squares: the ends and every turn. */
export function compressRun(squares: readonly Square[]): Square[] {
  if (squares.length <= 2) return [...squares];
  const out: Square[] = [squares[0]!];
  for (let i = 1; i < squares.length - 1; i++) {
    const a = parseSquare(squares[i - 1]!)!;
    const b = parseSquare(squares[i]!)!;
    const c = parseSquare(squares[i + 1]!)!;
    if (b.col - a.col !== c.col - b.col || b.row - a.row !== c.row - b.row) out.push(squares[i]!);
  }
  out.push(squares[squares.length - 1]!);
  return out;
}
