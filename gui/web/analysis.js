// Engine analysis shown beside the board: the MultiPV lines (a click plays
// a line's first move), the evaluation bar, and the eval graph of
// "Analyse game" whose points select their ply.

const NS = 'http://www.w3.org/2000/svg';
const GRAPH_CAP = 1000; // centi-men shown at the graph's edge

// scoreText renders an info score ({cp} or {mate}) as "+0.35" or "#3".
export function scoreText(score) {
  if (!score) return '';
  if (score.mate !== undefined && score.mate !== null) return `#${score.mate}`;
  if (score.result) return score.result;
  const cp = score.cp || 0;
  return `${cp >= 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
}

// whiteCentis maps a score to centi-men from White's view, mates to the
// cap; `white` says whether the score is White's view already.
function whiteCentis(score, white) {
  if (!score) return 0;
  let v;
  if (score.mate !== undefined && score.mate !== null) v = score.mate > 0 ? GRAPH_CAP : -GRAPH_CAP;
  else if (score.result) v = score.result === '1-0' ? GRAPH_CAP : score.result === '0-1' ? -GRAPH_CAP : 0;
  else v = score.cp || 0;
  return white ? v : -v;
}

export class AnalysisView {
  constructor({ panel, lines, bar, graph, onPlay, onSelectPly }) {
    this.panel = panel;
    this.lines = lines;
    this.bar = bar;
    this.graph = graph;
    this.onPlay = onPlay;
    this.onSelectPly = onSelectPly;
    this.latest = null;
    this.frame = 0;
    lines.addEventListener('click', (e) => {
      const li = e.target.closest('[data-pv-move]');
      if (li) this.onPlay(li.dataset.pvMove);
    });
    lines.addEventListener('keydown', (e) => {
      const li = e.target.closest('[data-pv-move]');
      if (li && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        this.onPlay(li.dataset.pvMove);
      }
    });
    graph.addEventListener('click', (e) => {
      const p = e.target.closest('[data-graph-ply]');
      if (p) this.onSelectPly(parseInt(p.dataset.graphPly, 10));
    });
  }

  show(on) {
    this.panel.hidden = !on;
    this.bar.hidden = !on;
    if (!on) this.clear();
  }

  clear() {
    this.latest = null;
    this.lines.replaceChildren();
    this.bar.querySelector('.eval-fill').style.height = '50%';
    this.bar.querySelector('.eval-text').textContent = '';
  }

  // update keeps only the newest info and draws it at the next frame, so a
  // fast stream costs one redraw per frame at most.
  update(info) {
    this.latest = info;
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.draw();
      });
    }
  }

  newRow() {
    const li = document.createElement('li');
    li.tabIndex = 0;
    li.setAttribute('role', 'button');
    li.title = 'play this line\'s first move';
    for (const cls of ['pv-score', 'pv-depth', 'pv-moves']) {
      const span = document.createElement('span');
      span.className = cls;
      li.append(span, ' ');
    }
    this.lines.appendChild(li);
    return li;
  }

  // best is the first PV move of line 1, or ''.
  best() {
    const l = this.latest && this.latest.lines && this.latest.lines.find((x) => x.multipv === 1);
    return l && l.pv && l.pv.length ? l.pv[0] : '';
  }

  draw() {
    const info = this.latest;
    if (!info) return;
    const lines = [...(info.lines || [])].sort((a, b) => a.multipv - b.multipv);
    // The rows are updated in place: a row replaced between the press and
    // the release of a click would lose that click.
    lines.forEach((l, i) => {
      const li = this.lines.children[i] || this.newRow();
      if (l.pv && l.pv.length) li.dataset.pvMove = l.pv[0];
      else delete li.dataset.pvMove;
      const [score, depth, moves] = li.children;
      score.textContent = scoreText(l.score);
      depth.textContent = `d${l.depth}`;
      moves.textContent = (l.pv || []).join(' ');
    });
    while (this.lines.children.length > lines.length) this.lines.lastElementChild.remove();
    const first = lines[0];
    if (first) {
      const cp = whiteCentis(first.score, info.white !== false);
      // A logistic curve: ±4 men fills about nine tenths of the bar.
      const share = 1 / (1 + Math.exp(-cp / 180));
      this.bar.querySelector('.eval-fill').style.height = `${(share * 100).toFixed(1)}%`;
      const shown = { ...first.score };
      if (info.white === false) {
        if (shown.cp !== undefined) shown.cp = -shown.cp;
        if (shown.mate !== undefined) shown.mate = -shown.mate;
      }
      this.bar.querySelector('.eval-text').textContent = scoreText(shown);
    }
    if (this.onDraw) this.onDraw();
  }

  // drawGraph plots the scores of an analysed game (White's view) with one
  // clickable point per ply.
  drawGraph(moves) {
    const g = this.graph;
    g.replaceChildren();
    // SVG elements have no `hidden` property: set the attribute itself.
    g.toggleAttribute('hidden', !moves || !moves.length);
    if (!moves || !moves.length) return;
    const w = 300;
    const h = 100;
    g.setAttribute('viewBox', `0 0 ${w} ${h}`);
    const maxPly = Math.max(...moves.map((m) => m.ply), 1);
    const x = (ply) => (ply / maxPly) * (w - 10) + 5;
    const y = (cp) => h / 2 - (Math.max(-GRAPH_CAP, Math.min(GRAPH_CAP, cp)) / GRAPH_CAP) * (h / 2 - 5);
    const mk = (name, attrs) => {
      const e = document.createElementNS(NS, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      g.appendChild(e);
      return e;
    };
    mk('line', { x1: 0, y1: h / 2, x2: w, y2: h / 2, class: 'graph-axis' });
    const pts = moves.map((m) => [x(m.ply), y(whiteCentis(m.score, true)), m]);
    mk('polyline', { points: pts.map(([px, py]) => `${px},${py}`).join(' '), class: 'graph-line' });
    for (const [px, py, m] of pts) {
      const c = mk('circle', { cx: px, cy: py, r: 3, class: `graph-point ${m.mark ? 'marked' : ''}`, 'data-graph-ply': m.ply });
      const t = document.createElementNS(NS, 'title');
      t.textContent = `ply ${m.ply}: ${scoreText(m.score)}${m.mark ? ' ' + m.mark : ''}`;
      c.appendChild(t);
    }
  }
}
