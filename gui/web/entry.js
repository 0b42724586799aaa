// Move entry by clicks: the route typed so far is matched against the
// server's legal list; nothing about the rules is known here. A clicked
// route matches a move when its squares are the move's origin followed by
// some of its landing squares in order (as R3 reads text), so a click on a
// final square skips the squares in between.

import { capturedAlong } from './squares.js';

export class MoveEntry {
  constructor() {
    this.legal = [];
    this.reset();
  }

  setLegal(legal) {
    this.legal = legal || [];
    this.reset();
  }

  reset() {
    this.path = [];
    // pending: the candidates ending on the last clicked square while
    // others go on, or several moves ending there (a choice is shown).
    this.pending = null;
  }

  active() {
    return this.path.length > 0;
  }

  movable(sq) {
    return this.legal.some((m) => m.from === sq);
  }

  // matches returns {move, idx} for each legal move the route fits; idx
  // is the index in move.legs of the route's last square.
  matches(path) {
    const out = [];
    for (const m of this.legal) {
      if (m.from !== path[0]) continue;
      let idx = 0;
      let ok = true;
      for (let k = 1; k < path.length; k++) {
        let j = idx + 1;
        while (j < m.legs.length && m.legs[j] !== path[k]) j++;
        if (j >= m.legs.length) {
          ok = false;
          break;
        }
        idx = j;
      }
      if (ok) out.push({ move: m, idx });
    }
    return out;
  }

  // click handles a click on sq and says what follows:
  // {kind: 'none' | 'update' | 'play' (with move) | 'choose' (with stop,
  // goOn, square)}.
  click(sq) {
    if (!this.path.length) {
      if (!this.movable(sq)) return { kind: 'none' };
      this.path = [sq];
      return { kind: 'update' };
    }
    const last = this.path[this.path.length - 1];
    if (sq === last) {
      if (this.pending && this.pending.stop.length === 1) {
        const move = this.pending.stop[0];
        this.reset();
        return { kind: 'play', move };
      }
      // A click on the last square takes that leg back (or drops the piece).
      this.path.pop();
      this.pending = null;
      return { kind: 'update' };
    }
    const next = [...this.path, sq];
    const found = this.matches(next);
    if (!found.length) {
      if (this.movable(sq)) {
        this.path = [sq];
        this.pending = null;
        return { kind: 'update' };
      }
      return { kind: 'none' };
    }
    if (found.length === 1) {
      this.reset();
      return { kind: 'play', move: found[0].move };
    }
    this.path = next;
    const stop = found.filter((f) => f.idx === f.move.legs.length - 1).map((f) => f.move);
    if (!stop.length) {
      this.pending = null;
      return { kind: 'update' };
    }
    this.pending = { stop, goOn: stop.length < found.length };
    return { kind: 'choose', stop, goOn: this.pending.goOn, square: sq };
  }

  // drop handles a piece dragged from `from` to `to`.
  drop(from, to) {
    const found = this.legal.filter((m) => m.from === from && m.to === to);
    if (found.length === 1) {
      this.reset();
      return { kind: 'play', move: found[0] };
    }
    if (!found.length) return { kind: 'none' };
    this.path = [from, to];
    this.pending = { stop: found, goOn: false };
    return { kind: 'choose', stop: found, goOn: false, square: to };
  }

  // goOn dismisses a stop-here choice: the route continues.
  goOn() {
    this.pending = null;
  }

  // marks are what the board shows for the route so far: dots on the next
  // landing squares, rings on the possible final squares, and the pieces
  // every remaining candidate captures on the way (shown ghosted).
  marks() {
    const dots = new Set();
    const rings = new Set();
    let ghosts = null;
    if (!this.path.length) return { dots, rings, ghosts: new Set() };
    for (const { move, idx } of this.matches(this.path)) {
      if (idx + 1 < move.legs.length) dots.add(move.legs[idx + 1]);
      if (idx + 1 < move.legs.length) rings.add(move.to);
      const caps = new Set(capturedAlong(move, idx));
      ghosts = ghosts ? new Set([...ghosts].filter((s) => caps.has(s))) : caps;
    }
    return { dots, rings, ghosts: ghosts || new Set() };
  }
}
