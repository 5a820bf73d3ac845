/** Roads as square runs: a path of corner points to every square it covers (the rules' terrain index), and back. */
import { parseSquare, type Square } from '../rules';

/** Every square a road path covers, in order: the rules' terrain index does the expanding (one implementation). */
export { roadSquares } from '../rules';

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
