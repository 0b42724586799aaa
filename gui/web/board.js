// The SVG board: squares from GET /api/board, pieces, move-entry marks,
// last-move arrows and the pointer input (clicks and drags). Each square is
// one <g data-square="E6"> that also carries data-piece when occupied (a
// tree of River Camelot is data-piece="t"). A river square is no square:
// it is drawn as water, one <g data-river="C6"> with no data-square, and a
// bridge is a square with data-bridge.

import { coords, squareName } from './squares.js';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 40;
const MARGIN = 22;
const LEG_MS = 160;

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// drawTree adds a tree (CFEN t): a round green crown on a trunk.
function drawTree(parent) {
  const g = el('g', { class: 'piece tree' }, parent);
  el('rect', { x: CELL / 2 - 3, y: CELL * 0.55, width: 6, height: CELL * 0.33, rx: 1.5, class: 'trunk' }, g);
  el('circle', { cx: CELL / 2, cy: CELL * 0.4, r: CELL * 0.28, class: 'crown' }, g);
  el('circle', { cx: CELL / 2 - 5, cy: CELL * 0.36, r: CELL * 0.1, class: 'leaf' }, g);
  return g;
}

// drawPiece adds the shape of a CFEN piece letter: Men are plain discs,
// Knights discs with a ring and a pointed crest, so the two differ by shape
// as well as by colour; t is a tree.
function drawPiece(parent, letter) {
  if (letter === 't') return drawTree(parent);
  const white = letter === letter.toUpperCase();
  const knight = letter.toLowerCase() === 'n';
  const g = el('g', { class: `piece ${white ? 'white' : 'black'} ${knight ? 'knight' : 'man'}` }, parent);
  el('circle', { cx: CELL / 2, cy: CELL / 2, r: CELL * 0.38, class: 'body' }, g);
  if (knight) {
    el('circle', { cx: CELL / 2, cy: CELL / 2, r: CELL * 0.27, class: 'ring' }, g);
    el('path', { d: 'M20 9 L25 20 L20 31 L15 20 Z', class: 'crest' }, g);
  }
  return g;
}

// TALLEST is the most height a board takes for its width on a wide
// screen: Camelot's (16 ranks of 12 files and the margins). A taller board
// is drawn narrower there, so that it is no taller than Camelot's in the
// same place; on a phone every board takes the whole width.
const TALLEST = (MARGIN * 2 + CELL * 16) / (MARGIN * 2 + CELL * 12);

export class BoardView {
  // info is a board of GET /api/board; handlers: onClick(square),
  // onDrop(from, to), canDrag(square).
  constructor(svg, info, handlers) {
    this.svg = svg;
    this.handlers = handlers;
    this.flipped = false;
    this.bindPointer();
    this.setBoard(info);
  }

  // setBoard draws an empty board of info's geometry: its files, ranks,
  // squares and castles. The pieces come with the next render.
  setBoard(info) {
    if (this.endAnimation) this.endAnimation();
    this.svg.replaceChildren();
    this.variant = info.variant;
    this.title = info.title;
    this.squares = new Map();
    this.castles = info.castles || {};
    this.files = info.files;
    this.ranks = info.ranks;
    this.width = MARGIN * 2 + CELL * this.files.length;
    this.height = MARGIN * 2 + CELL * this.ranks;
    const svg = this.svg;
    svg.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    svg.setAttribute('aria-label', `${this.title} board`);
    svg.dataset.variant = this.variant;
    // style.css narrows a board taller than Camelot's on a wide screen.
    svg.style.setProperty('--board-tall', Math.max(1, this.height / this.width / TALLEST).toFixed(4));
    this.buildDefs();
    this.labels = el('g', { class: 'labels' }, svg);
    this.riverLayer = el('g', { class: 'river' }, svg);
    this.squareLayer = el('g', { class: 'squares' }, svg);
    this.arrowLayer = el('g', { class: 'arrows' }, svg);
    this.markLayer = el('g', { class: 'marks' }, svg);
    this.animLayer = el('g', { class: 'anim' }, svg);
    const castleSide = new Map();
    for (const [side, list] of Object.entries(this.castles)) for (const s of list) castleSide.set(s, side);
    // The river (V9): water where the ranks have no square.
    this.waters = new Map();
    const river = new Set(info.river || []);
    for (const name of river) {
      const g = el('g', { 'data-river': name, class: 'water', 'aria-hidden': 'true' }, this.riverLayer);
      el('rect', { width: CELL, height: CELL, class: 'cell water' }, g);
      for (const y of [CELL * 0.35, CELL * 0.7]) {
        el('path', { d: `M4 ${y} q 8 -5 16 0 t 16 0`, class: 'wave' }, g);
      }
      this.waters.set(name, g);
    }
    const bridges = new Set(info.bridges || []);
    for (const name of info.squares) {
      const [f, r] = coords(name);
      const g = el('g', { 'data-square': name, class: 'square', 'aria-label': name }, this.squareLayer);
      const shade = (f + r) % 2 ? 'light' : 'dark';
      const side = castleSide.get(name);
      if (side) g.dataset.castle = side;
      if (bridges.has(name)) {
        g.dataset.bridge = '';
        g.setAttribute('aria-label', `${name}, bridge`);
        // Its deck runs across the river: between the water on its sides.
        const across = river.has(squareName(f - 1, r)) || river.has(squareName(f + 1, r));
        this.drawBridge(g, across);
      } else {
        el('rect', { width: CELL, height: CELL, class: side ? `cell castle ${side}` : `cell ${shade}` }, g);
      }
      this.squares.set(name, g);
    }
    this.board = {};
    this.view = null;
    this.layout();
  }

  // drawBridge draws a bridge's cell: water, a wooden deck of planks and
  // a rail on each side, the deck running up the board (vertical) or
  // across it. Its rect keeps the class cell, as every square's.
  drawBridge(g, vertical) {
    el('rect', { width: CELL, height: CELL, class: 'cell bridge' }, g);
    const deck = el('g', { class: 'bridge-deck', transform: vertical ? '' : `rotate(90 ${CELL / 2} ${CELL / 2})` }, g);
    el('rect', { x: 5, y: 0, width: CELL - 10, height: CELL, class: 'deck' }, deck);
    for (let y = 4; y < CELL; y += 6) el('line', { x1: 5, y1: y, x2: CELL - 5, y2: y, class: 'plank' }, deck);
    for (const x of [5, CELL - 5]) el('line', { x1: x, y1: 0, x2: x, y2: CELL, class: 'rail' }, deck);
  }

  buildDefs() {
    const defs = el('defs', {}, this.svg);
    for (const [id, cls] of [['arrow-last', 'last'], ['arrow-hint', 'hint']]) {
      const m = el('marker', { id, viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M0 0 L10 5 L0 10 Z', class: `arrowhead ${cls}` }, m);
    }
  }

  // origin is the top-left corner of a square's cell in SVG units.
  origin(name) {
    const [f, r] = coords(name);
    const col = this.flipped ? this.files.length - 1 - f : f;
    const row = this.flipped ? r - 1 : this.ranks - r;
    return [MARGIN + col * CELL, MARGIN + row * CELL];
  }

  centre(name) {
    const [x, y] = this.origin(name);
    return [x + CELL / 2, y + CELL / 2];
  }

  layout() {
    for (const map of [this.squares, this.waters]) {
      for (const [name, g] of map) {
        const [x, y] = this.origin(name);
        g.setAttribute('transform', `translate(${x} ${y})`);
      }
    }
    this.labels.replaceChildren();
    for (let f = 0; f < this.files.length; f++) {
      const col = this.flipped ? this.files.length - 1 - f : f;
      const x = MARGIN + col * CELL + CELL / 2;
      for (const y of [MARGIN / 2 + 4, this.height - MARGIN / 2 + 4]) {
        el('text', { x, y, class: 'label', 'data-file': this.files[f] }, this.labels).textContent = this.files[f];
      }
    }
    for (let r = 1; r <= this.ranks; r++) {
      const row = this.flipped ? r - 1 : this.ranks - r;
      const y = MARGIN + row * CELL + CELL / 2 + 4;
      for (const x of [MARGIN / 2, this.width - MARGIN / 2]) {
        el('text', { x, y, class: 'label' }, this.labels).textContent = String(r);
      }
    }
  }

  flip() {
    this.flipped = !this.flipped;
    this.layout();
    this.redraw();
  }

  // render draws the position and the marks; view holds board (square ->
  // letter), movable, capturers, selected, dots, rings, ghosts, highlight,
  // last ({legs, captured, trees}), hint (legs of the best move), and in
  // the tree phase treeChoices (the squares a tree may go on) and
  // treeMarks (those tapped so far).
  render(view) {
    this.view = view;
    this.redraw();
  }

  redraw() {
    const v = this.view;
    if (!v) return;
    const tags = (list) => new Set(list || []);
    const movable = tags(v.movable);
    const capturers = tags(v.capturers);
    const ghosts = tags(v.ghosts);
    const highlight = tags(v.highlight);
    const treeChoices = tags(v.treeChoices);
    const treeMarks = tags(v.treeMarks);
    const lastTrees = tags(v.last && v.last.trees);
    for (const [name, g] of this.squares) {
      const letter = v.board[name] || '';
      const old = g.getAttribute('data-piece') || '';
      if (letter !== old || !g.querySelector('.piece') !== !letter) {
        g.querySelector('.piece')?.remove();
        if (letter) {
          drawPiece(g, letter);
          g.setAttribute('data-piece', letter);
        } else {
          g.removeAttribute('data-piece');
        }
      }
      g.classList.toggle('movable', movable.has(name));
      g.classList.toggle('capturer', capturers.has(name));
      g.classList.toggle('selected', v.selected === name);
      g.classList.toggle('ghost', ghosts.has(name));
      g.classList.toggle('highlight', highlight.has(name));
      g.classList.toggle('route', (v.route || []).includes(name));
      g.classList.toggle('tree-choice', treeChoices.has(name) && !treeMarks.has(name));
      g.classList.toggle('tree-marked', treeMarks.has(name));
      g.classList.toggle('last-tree', lastTrees.has(name));
    }
    this.markLayer.replaceChildren();
    for (const s of treeMarks) {
      const [x, y] = this.origin(s);
      drawTree(el('g', { transform: `translate(${x} ${y})`, class: 'tree-mark' }, this.markLayer));
    }
    for (const s of v.rings || []) {
      const [x, y] = this.centre(s);
      el('circle', { cx: x, cy: y, r: CELL * 0.42, class: 'mark-ring' }, this.markLayer);
    }
    for (const s of v.dots || []) {
      const [x, y] = this.centre(s);
      el('circle', { cx: x, cy: y, r: CELL * 0.12, class: 'mark-dot' }, this.markLayer);
    }
    this.arrowLayer.replaceChildren();
    if (v.last && v.last.legs && v.last.legs.length > 1) this.drawArrows(v.last.legs, 'last');
    for (const s of (v.last && v.last.captured) || []) {
      const [x, y] = this.centre(s);
      const d = CELL * 0.22;
      el('path', { d: `M${x - d} ${y - d} L${x + d} ${y + d} M${x + d} ${y - d} L${x - d} ${y + d}`, class: 'captured-mark' }, this.arrowLayer);
    }
    if (v.hint && v.hint.length > 1) this.drawArrows(v.hint, 'hint');
  }

  // drawArrows draws one arrow per leg of a route.
  drawArrows(legs, cls) {
    for (let i = 0; i + 1 < legs.length; i++) {
      const [x1, y1] = this.centre(legs[i]);
      const [x2, y2] = this.centre(legs[i + 1]);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const trim = CELL * 0.25;
      el('line', {
        x1, y1,
        x2: x2 - ((x2 - x1) / len) * trim,
        y2: y2 - ((y2 - y1) / len) * trim,
        class: `arrow ${cls}`,
        'marker-end': `url(#arrow-${cls})`,
      }, this.arrowLayer);
    }
  }

  // animate moves a copy of the piece now on the route's last square leg
  // by leg; the real piece is hidden until the copy arrives. Captured
  // pieces fade out as the legs pass them.
  animate(legs, captured, prevBoard) {
    if (!legs || legs.length < 2 || !this.view) return;
    const to = legs[legs.length - 1];
    const letter = this.view.board[to];
    if (!letter || typeof this.animLayer.animate !== 'function') return;
    // A reply that comes while the last move still travels ends that
    // animation first, so that its piece is shown and not left hidden.
    if (this.endAnimation) this.endAnimation();
    const target = this.squares.get(to);
    target.classList.add('arriving');
    const total = LEG_MS * (legs.length - 1);
    const nodes = [];
    for (const s of captured || []) {
      const was = prevBoard && prevBoard[s];
      if (!was) continue;
      const [x, y] = this.origin(s);
      const g = el('g', { transform: `translate(${x} ${y})`, class: 'fading' }, this.animLayer);
      drawPiece(g, was);
      g.animate([{ opacity: 1 }, { opacity: 0 }], { duration: total, fill: 'forwards' });
      nodes.push(g);
    }
    const mover = el('g', {}, this.animLayer);
    drawPiece(mover, letter);
    nodes.push(mover);
    const frames = legs.map((s) => {
      const [x, y] = this.origin(s);
      return { transform: `translate(${x}px, ${y}px)` };
    });
    const anim = mover.animate(frames, { duration: total, easing: 'linear', fill: 'forwards' });
    // done removes only this animation's own copies: a later one may
    // already be running in the same layer.
    let over = false;
    const done = () => {
      if (over) return;
      over = true;
      if (this.endAnimation === done) this.endAnimation = null;
      target.classList.remove('arriving');
      for (const n of nodes) n.remove();
    };
    this.endAnimation = done;
    anim.onfinish = done;
    anim.oncancel = done;
  }

  squareAt(clientX, clientY) {
    const hit = document.elementFromPoint(clientX, clientY);
    const g = hit && hit.closest ? hit.closest('[data-square]') : null;
    return g && this.svg.contains(g) ? g.getAttribute('data-square') : null;
  }

  // bindPointer turns pointer events into clicks (press and release on the
  // same spot) and drags (release elsewhere). A dragged piece follows the
  // pointer as a copy above the board.
  bindPointer() {
    let press = null;
    this.svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const sq = this.squareAt(e.clientX, e.clientY);
      if (!sq) return;
      press = { sq, x: e.clientX, y: e.clientY, dragging: false, ghost: null };
      this.svg.setPointerCapture(e.pointerId);
      e.preventDefault();
    });
    this.svg.addEventListener('pointermove', (e) => {
      if (!press) return;
      const far = Math.hypot(e.clientX - press.x, e.clientY - press.y) > 6;
      if (!press.dragging && far && this.view && this.view.board[press.sq] && this.handlers.canDrag(press.sq)) {
        press.dragging = true;
        press.ghost = el('g', { class: 'dragging' }, this.animLayer);
        drawPiece(press.ghost, this.view.board[press.sq]);
        this.squares.get(press.sq).classList.add('lifted');
      }
      if (press.dragging) {
        const pt = this.svg.createSVGPoint();
        pt.x = e.clientX;
        pt.y = e.clientY;
        const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
        press.ghost.setAttribute('transform', `translate(${p.x - CELL / 2} ${p.y - CELL / 2})`);
      }
    });
    const release = (e, cancelled) => {
      if (!press) return;
      const p = press;
      press = null;
      if (p.ghost) p.ghost.remove();
      this.squares.get(p.sq)?.classList.remove('lifted');
      if (cancelled) return;
      const sq = this.squareAt(e.clientX, e.clientY);
      if (p.dragging) {
        if (sq && sq !== p.sq) this.handlers.onDrop(p.sq, sq);
      } else if (sq) {
        this.handlers.onClick(sq);
      }
    };
    this.svg.addEventListener('pointerup', (e) => release(e, false));
    this.svg.addEventListener('pointercancel', (e) => release(e, true));
  }

  // pointAbove gives page coordinates near a square, for a small menu.
  pointAbove(name) {
    const g = this.squares.get(name);
    const r = g.getBoundingClientRect();
    const box = this.svg.parentElement.getBoundingClientRect();
    return [r.left - box.left + r.width / 2, r.top - box.top];
  }
}
