// The move list: one button per ply (data-ply, the WCF text as its only
// text), grouped by move number. Marks from "Analyse game" go in a
// data-mark attribute, shown by CSS, so the text stays the move itself.

// startNumbering works back from the position viewed (CFEN fields 2 and
// 5) to the side to move and the move number before ply 1.
function startNumbering(state) {
  const fields = (state.cfen || '').split(' ');
  const whiteNow = (fields[1] || 'w') === 'w';
  const numberNow = parseInt(fields[4] || '1', 10) || 1;
  const white = state.ply % 2 === 0 ? whiteNow : !whiteNow;
  // The number goes up after each Black move among plies 1..ply.
  let blackMoves = 0;
  let mover = white;
  for (let p = 1; p <= state.ply; p++) {
    if (!mover) blackMoves++;
    mover = !mover;
  }
  return { white, number: Math.max(1, numberNow - blackMoves) };
}

export class MoveList {
  constructor(root, onSelect) {
    this.root = root;
    this.onSelect = onSelect;
    this.marks = new Map();
    this.key = '';
    root.addEventListener('click', (e) => {
      const b = e.target.closest('[data-ply]');
      if (b) this.onSelect(parseInt(b.dataset.ply, 10));
    });
  }

  setMarks(marks) {
    this.marks = marks;
    this.key = '';
  }

  render(state) {
    const moves = state.moves || [];
    const key = moves.map((m) => m.text).join(' ') + '|' + state.ply + '|' + this.marks.size;
    if (key === this.key) return;
    this.key = key;
    const { white: whiteFirst, number: firstNumber } = startNumbering(state);
    this.root.replaceChildren();
    let white = whiteFirst;
    let number = firstNumber;
    let row = null;
    for (const m of moves) {
      if (white || !row) {
        row = document.createElement('div');
        row.className = 'move-row';
        const num = document.createElement('span');
        num.className = 'move-number';
        num.textContent = `${number}.`;
        row.appendChild(num);
        if (!white) {
          const gap = document.createElement('span');
          gap.className = 'move-gap';
          gap.textContent = '…';
          row.appendChild(gap);
        }
        this.root.appendChild(row);
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.dataset.ply = String(m.ply);
      b.textContent = m.text;
      const mark = this.marks.get(m.ply);
      if (mark) b.dataset.mark = mark;
      if (m.ply === state.ply) {
        b.classList.add('current');
        b.setAttribute('aria-current', 'true');
      }
      row.appendChild(b);
      if (!white) number++;
      white = !white;
    }
    const cur = this.root.querySelector('.current');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
  }
}
