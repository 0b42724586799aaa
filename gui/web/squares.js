// Square names and the plain geometry of a grid of files lettered from A
// and ranks numbered from 1. No rules live here: which squares a board has
// comes from GET /api/board.

export const FILES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// coords turns "E6" into [file from 0, rank from 1].
export function coords(name) {
  return [FILES.indexOf(name[0]), parseInt(name.slice(1), 10)];
}

export function squareName(file, rank) {
  return FILES[file] + rank;
}

// midpoint is the square a leap from a to b passes over, or null when a
// and b are not two apart in a straight line (a plain step).
export function midpoint(a, b) {
  const [fa, ra] = coords(a);
  const [fb, rb] = coords(b);
  const df = fb - fa;
  const dr = rb - ra;
  if (Math.abs(df) % 2 || Math.abs(dr) % 2 || (df === 0 && dr === 0)) return null;
  if (Math.max(Math.abs(df), Math.abs(dr)) !== 2) return null;
  return squareName(fa + df / 2, ra + dr / 2);
}

// capturedAlong lists the captured squares of move m on its legs up to
// index upto (exclusive of later legs), in route order.
export function capturedAlong(m, upto) {
  const out = [];
  const captured = new Set(m.captured || []);
  for (let i = 0; i < upto && i + 1 < m.legs.length; i++) {
    const mid = midpoint(m.legs[i], m.legs[i + 1]);
    if (mid && captured.has(mid)) out.push(mid);
  }
  return out;
}
