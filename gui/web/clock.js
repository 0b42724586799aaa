// The two clocks. The server sends the remaining times with each State;
// between States the running clock counts down locally.

function format(ms) {
  const t = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(t / 60);
  const s = t % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export class Clocks {
  constructor(top, bottom) {
    this.top = top;
    this.bottom = bottom;
    this.clock = null;
    this.at = 0;
    this.flipped = false;
    this.timer = setInterval(() => this.draw(), 250);
  }

  // set takes State.clock and whether a clock is in use (settings.time > 0).
  set(clock, used, flipped) {
    this.clock = used ? clock : null;
    this.at = performance.now();
    this.flipped = flipped;
    this.draw();
  }

  draw() {
    const c = this.clock;
    // Hidden clocks keep their space so that the board never moves.
    for (const e of [this.top, this.bottom]) e.classList.toggle('off', !c);
    if (!c) return;
    const elapsed = performance.now() - this.at;
    const left = (side) => (c.running === side ? c[side] - elapsed : c[side]);
    const [topSide, bottomSide] = this.flipped ? ['white', 'black'] : ['black', 'white'];
    for (const [e, side] of [[this.top, topSide], [this.bottom, bottomSide]]) {
      e.querySelector('.clock-side').textContent = side;
      e.querySelector('.clock-time').textContent = format(left(side));
      e.classList.toggle('running', c.running === side);
    }
  }
}
