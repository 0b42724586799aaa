// The small menu over the board for a move that needs a choice: several
// moves ending on one square (different captured sets), or a canter that
// may stop here or go on. Pointing at an entry highlights its captures.

export class Chooser {
  constructor(root, { onPlay, onGoOn, onHighlight }) {
    this.root = root;
    this.onPlay = onPlay;
    this.onGoOn = onGoOn;
    this.onHighlight = onHighlight;
  }

  // show lists the moves that stop here, plus "go on" when the route may
  // continue; at is [x, y] inside the board's box.
  show(moves, goOn, at) {
    this.root.replaceChildren();
    const title = document.createElement('p');
    title.className = 'choice-title';
    title.textContent = goOn ? 'Stop here or go on?' : 'Which capture?';
    this.root.appendChild(title);
    for (const m of moves) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'choice-move';
      b.dataset.move = m.text;
      const caps = m.captured || [];
      if (goOn && moves.length === 1) {
        b.textContent = 'play here';
      } else {
        b.textContent = m.text;
      }
      if (caps.length) {
        const c = document.createElement('span');
        c.className = 'choice-captures';
        c.textContent = ` takes ${caps.join(' ')}`;
        b.appendChild(c);
      }
      b.addEventListener('click', () => this.onPlay(m));
      const on = () => this.onHighlight(caps);
      const off = () => this.onHighlight([]);
      b.addEventListener('pointerenter', on);
      b.addEventListener('focus', on);
      b.addEventListener('pointerleave', off);
      b.addEventListener('blur', off);
      this.root.appendChild(b);
    }
    if (goOn) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'choice-go-on';
      b.textContent = 'go on';
      b.addEventListener('click', () => {
        this.hide();
        this.onGoOn();
      });
      this.root.appendChild(b);
    }
    const [x, y] = at;
    this.root.style.left = `${Math.max(0, x - 60)}px`;
    this.root.style.top = `${Math.max(0, y - 8)}px`;
    this.root.hidden = false;
    // The chooser sits above the square; keep it inside the board's box.
    const box = this.root.parentElement.getBoundingClientRect();
    const r = this.root.getBoundingClientRect();
    if (r.right > box.right) this.root.style.left = `${Math.max(0, box.width - r.width)}px`;
    if (r.top - r.height > box.top) this.root.style.top = `${y - r.height - 4}px`;
  }

  hide() {
    this.root.hidden = true;
    this.root.replaceChildren();
  }
}
