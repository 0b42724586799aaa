// Wiring: one game per tab; every change comes back from the server as a
// State (in an answer or on the event stream) and the page redraws from it.
// The server starts the engine whenever it is to move, so the page asks
// for an engine move only when its button is pressed.

import { getBoard, GameClient, listPuzzles, nextPuzzle, getPuzzle, checkPuzzle, attemptPuzzle } from './api.js';
import { BoardView } from './board.js';
import { MoveEntry } from './entry.js';
import { MoveList } from './movelist.js';
import { AnalysisView } from './analysis.js';
import { Clocks } from './clock.js';
import { Chooser } from './chooser.js';

const $ = (id) => document.getElementById(id);

let client = null;
let state = null;
let board = null;
let entryKey = '';
let analysisKey = ''; // the position analysis was last started for
let eventsSeen = 0; // state events received, to drop answers they overtook
let settingsShown = '';
let highlight = [];
let treeMarks = []; // the tree phase: the squares tapped for the trees to place
let viewing = null; // the ply asked for whose answer has not come yet
let variants = []; // every variant: {name, title, playable}, from GET /api/board
let ruleSets = []; // every rule set: {name, title}, from GET /api/board (V14)
let rulesShown = null; // the rule set the label and the address show
const boards = new Map(); // each playable variant's board, by name
// puzzle is the puzzle played in the Puzzles mode, null outside it:
// {p: the puzzle (API.md), next: the index in p.moves of the solver's
// move awaited, busy: a move or reply under way, failed, rated, done,
// status: the status line, wrong: the squares of a wrong move}.
let puzzle = null;

const entry = new MoveEntry();
const clocks = new Clocks($('clock-top'), $('clock-bottom'));
const moveList = new MoveList($('move-list'), (ply) => view(ply));
const analysis = new AnalysisView({
  panel: $('analysis'),
  lines: $('pv-lines'),
  bar: $('eval-bar'),
  graph: $('eval-graph'),
  onPlay: (text) => play(text),
  onSelectPly: (ply) => view(ply),
});
analysis.onDraw = () => renderBoard();
const chooser = new Chooser($('choice'), {
  onPlay: (m) => play(m.text),
  onGoOn: () => {
    entry.goOn();
    renderBoard();
  },
  onHighlight: (squares) => {
    highlight = squares;
    renderBoard();
  },
});

function message(text) {
  $('message').textContent = text || '';
}

// guarded runs an action and shows its error instead of throwing.
async function guarded(fn) {
  try {
    await fn();
  } catch (err) {
    message(err.message);
  }
}

// answered applies a State answered to a request unless a state event
// arrived meanwhile: events come after every change, so they are newer.
async function answered(request) {
  const before = eventsSeen;
  const s = await request;
  if (s && eventsSeen === before) applyState(s);
  return s;
}

const mode = () => (state ? state.settings.mode : 'human-engine');

function humanMayMove(s) {
  if (puzzle) return !puzzle.busy && !puzzle.done && !s.outcome.over && s.ply === s.plies && s.plies === puzzle.next;
  if (s.outcome.over) return false;
  const m = s.settings.mode;
  if (m === 'engine-engine') return false;
  if (m === 'human-engine' && s.thinking) return false;
  if (m === 'human-engine' && s.side === s.settings.engineColor) return false;
  return true;
}

const positionKey = (s) => `${client.id}|${s.plies}|${s.ply}|${s.cfen}`;

// solutionText says a solution table's exact value of the position:
// "solved: white wins in 7 plies" (API.md "State").
function solutionText(s) {
  const sol = s.solution;
  if (sol.result === 'draw') return 'solved: draw';
  const other = s.side === 'white' ? 'black' : 'white';
  const winner = sol.result === 'win' ? s.side : other;
  return `solved: ${winner} wins in ${sol.plies} ${sol.plies === 1 ? 'ply' : 'plies'}`;
}

function statusText(s) {
  if (puzzle) return puzzle.status;
  if (s.outcome.over) return `game over: ${s.outcome.reason || s.outcome.result} (${s.outcome.result})`;
  if (s.thinking) return 'engine thinking';
  if (s.treesToPlace > 0) {
    const marked = placingTrees() && treeMarks.length ? ` (${treeMarks.length} chosen)` : '';
    return `${s.side} to move: place ${s.treesToPlace} trees${marked}`;
  }
  return `${s.side} to move`;
}

// placingTrees says whether the human places trees now (River's tree
// phase, V10): the server lists the squares (treeChoices), the page only
// collects taps on them.
function placingTrees() {
  return !!state && state.treesToPlace > 0 && humanMayMove(state);
}

// exampleMove is a move text of the position for the text box's hint.
function exampleMove(s) {
  if (s.treesToPlace > 0) return (s.treeChoices || []).slice(0, s.treesToPlace).join(',');
  if (s.legal && s.legal.length) return s.legal[0].text;
  return s.claimOpen ? 'draw' : '';
}

// rulesTitle is a rule set's name as people see it (WCF, AbstractPlay).
function rulesTitle(name) {
  const r = ruleSets.find((x) => x.name === name);
  return r ? r.title : name;
}

// showRules says which rule set the game is played by (V14): in the
// label beside the title, the new-game control and the address
// (?rules=abstractplay; nothing for the WCF's, the default).
function showRules(name) {
  if (rulesShown === name) return;
  rulesShown = name;
  const label = $('rules-label');
  label.textContent = `${rulesTitle(name)} rules`;
  label.dataset.rules = name;
  label.title = name === 'wcf' ? "played by the World Camelot Federation's rules" : `played by ${rulesTitle(name)}'s rules`;
  $('rules').value = name;
  const url = new URL(window.location.href);
  if (name === 'wcf') url.searchParams.delete('rules');
  else url.searchParams.set('rules', name);
  if (url.href !== window.location.href) window.history.replaceState(null, '', url.href);
}

// showVariant draws the board of the named variant and says which it is
// in the title, the new-game control and the address.
function showVariant(name) {
  const info = boards.get(name);
  if (!info || board.variant === name) return;
  board.setBoard(info);
  entryKey = '';
  highlight = [];
  chooser.hide();
  $('variant').value = name;
  document.title = info.title;
  document.querySelector('header h1').textContent = info.title;
  const url = new URL(window.location.href);
  if (name === 'camelot') url.searchParams.delete('variant');
  else url.searchParams.set('variant', name);
  if (url.href !== window.location.href) window.history.replaceState(null, '', url.href);
}

function applyState(s) {
  const prev = state;
  state = s;
  const variant = s.variant || 'camelot';
  const switched = board.variant !== variant;
  // An example move of this board for the text box: on a new board, and
  // into and out of the tree phase.
  const example = exampleMove(s);
  if (example && (switched || (s.treesToPlace > 0) !== $('move-text').placeholder.includes(','))) $('move-text').placeholder = example;
  if (switched) showVariant(variant);
  showRules(s.rules || 'wcf');
  const key = `${puzzleKey()}|${s.cfen}|${s.ply}|${s.plies}|${s.settings.mode}|${s.thinking}|${(s.legal || []).map((m) => m.text).join(' ')}|${(s.treeChoices || []).join(' ')}`;
  if (key !== entryKey) {
    entryKey = key;
    entry.setLegal(humanMayMove(s) ? s.legal : []);
    chooser.hide();
    highlight = [];
    treeMarks = [];
  }
  if (!prev || prev.cfen !== s.cfen || prev.ply !== s.ply) analysis.clear();
  renderBoard();
  const grew = !switched && prev && prev.ply === prev.plies && s.ply === s.plies && s.plies === prev.plies + 1 && prev.cfen !== s.cfen;
  if (grew && s.last) board.animate(s.last.legs, s.last.captured, prev.board);
  moveList.render(s);
  $('status').textContent = statusText(s);
  // The draw claim (V14.3), when the server says it is open.
  $('claim-draw').hidden = !(s.claimOpen && humanMayMove(s));
  $('solution').hidden = !s.solution;
  $('solution').textContent = s.solution ? solutionText(s) : '';
  if (document.activeElement !== $('cfen')) $('cfen').value = s.cfen;
  clocks.set(s.clock, s.settings.time > 0, board.flipped);
  $('engine-name').textContent = s.engine ? `${s.engine.name}${s.engine.alive ? '' : ' (cannot start)'}` : '';
  showSettings(s.settings);
  analysis.show(s.settings.mode === 'analysis');
  maybeAnalysis(s);
}

function renderBoard() {
  if (!state || !board) return;
  const marks = entry.marks();
  const best = analysis.best();
  const hint = best && state.settings.mode === 'analysis' ? (state.legal || []).find((m) => m.text.toUpperCase() === best.toUpperCase()) : null;
  board.render({
    board: state.board,
    movable: entry.active() ? [] : [...new Set(entry.legal.map((m) => m.from))],
    capturers: state.capturers,
    selected: entry.path[0],
    route: entry.path,
    dots: [...marks.dots],
    rings: [...marks.rings],
    ghosts: [...marks.ghosts],
    highlight: puzzle && puzzle.wrong ? [...highlight, ...puzzle.wrong] : highlight,
    last: state.last,
    hint: hint ? hint.legs : null,
    treeChoices: placingTrees() ? state.treeChoices : [],
    treeMarks,
  });
}

function maybeAnalysis(s) {
  if (s.settings.mode !== 'analysis' || s.outcome.over) {
    if (analysisKey) {
      analysisKey = '';
      guarded(() => client.analysis(false, s.settings.multipv, s.ply));
    }
    return;
  }
  const key = `${positionKey(s)}|${s.settings.multipv}`;
  if (key === analysisKey) return;
  analysisKey = key;
  guarded(() => client.analysis(true, s.settings.multipv, s.ply));
}

function play(text) {
  entry.reset();
  chooser.hide();
  highlight = [];
  treeMarks = [];
  renderBoard();
  if (puzzle) return guarded(() => puzzleMove(text));
  return guarded(async () => {
    await answered(client.move(text, state.ply));
    message('');
  });
}

// view shows ply K of the game. Keys may step faster than the answers
// come, so steps count from the ply last asked for, and only the answer
// for that ply is shown.
function view(ply) {
  if (!state || ply < 0 || ply > state.plies || ply === viewedPly()) return;
  viewing = ply;
  guarded(async () => {
    const before = eventsSeen;
    const s = await client.get(ply);
    if (viewing !== ply) return;
    viewing = null;
    if (eventsSeen === before) applyState(s);
  });
}

const viewedPly = () => (viewing === null ? state.ply : viewing);

// handle acts on what the move entry says after a click or a drop.
function handle(result) {
  if (result.kind === 'play') {
    play(result.move.text);
    return;
  }
  chooser.hide();
  highlight = [];
  if (result.kind === 'choose') {
    chooser.show(result.stop, result.goOn, board.pointAbove(result.square));
  }
  renderBoard();
}

function onClick(sq) {
  if (placingTrees()) {
    tapTree(sq);
    return;
  }
  handle(entry.click(sq));
}

// tapTree marks a square offered for a tree, or unmarks it; the tap that
// marks the last tree plays the placement, which the server judges.
function tapTree(sq) {
  if (!(state.treeChoices || []).includes(sq)) return;
  treeMarks = treeMarks.includes(sq) ? treeMarks.filter((x) => x !== sq) : [...treeMarks, sq];
  if (treeMarks.length >= state.treesToPlace) {
    play(treeMarks.join(','));
    return;
  }
  $('status').textContent = statusText(state);
  renderBoard();
}

function onDrop(from, to) {
  entry.reset();
  handle(entry.drop(from, to));
}

function showSettings(st) {
  const key = JSON.stringify(st);
  // Leave the form alone while a field of it is being edited.
  const editing = document.activeElement && document.activeElement.matches('#settings input, #settings select');
  if (key === settingsShown || editing) return;
  settingsShown = key;
  $('mode').value = st.mode;
  $('engine-color').value = st.engineColor;
  $('level').value = st.level;
  $('movetime').value = st.movetime;
  $('time').value = st.time / 60000;
  $('inc').value = st.inc / 1000;
  $('multipv').value = st.multipv;
}

function readSettings() {
  const num = (id) => Number($(id).value) || 0;
  return {
    mode: $('mode').value,
    engineColor: $('engine-color').value,
    level: num('level'),
    movetime: num('movetime'),
    time: Math.round(num('time') * 60000),
    inc: Math.round(num('inc') * 1000),
    multipv: Math.max(1, num('multipv')),
  };
}

// summaryText is one short line per side of an analysed game.
function summaryText(summary) {
  return Object.entries(summary || {})
    .map(([side, v]) => `${side}: loss ${(v.average_loss || 0).toFixed(0)}, ?! ${v.inaccuracies || 0}, ? ${v.mistakes || 0}, ?? ${v.blunders || 0}`)
    .join('; ') || 'done';
}

function listen(c) {
  c.listen({
    state: (s) => {
      eventsSeen++;
      viewing = null;
      applyState(s);
    },
    info: (info) => {
      // Lines of a position no longer shown are dropped.
      if (mode() !== 'analysis' || (info.ply !== undefined && state && info.ply !== state.ply)) return;
      analysis.update(info);
    },
    engine: (e) => {
      const li = document.createElement('li');
      li.textContent = e.message || (e.alive ? 'engine running' : 'engine stopped');
      $('engine-log').appendChild(li);
      message(e.message || '');
    },
    analysis: (a) => {
      $('analyse-progress').textContent = a.cancelled ? 'cancelled' : a.moves ? summaryText(a.summary) : `${a.done}/${a.total}`;
      if (a.moves) {
        moveList.setMarks(new Map(a.moves.filter((m) => m.mark).map((m) => [m.ply, m.mark])));
        analysis.drawGraph(a.moves);
        if (state) moveList.render(state);
      }
    },
    error: (e) => message(e.error),
  });
}

async function newGame(given) {
  const old = client;
  const settings = given || (state ? readSettings() : null);
  const { client: c, state: s } = await GameClient.create(undefined, $('variant').value || undefined, $('rules').value || undefined);
  client = c;
  document.body.dataset.game = c.id;
  listen(c);
  if (old) {
    old.close();
    old.remove().catch(() => {});
  }
  analysisKey = '';
  forgetGameAnalysis();
  applyState(settings ? await client.settings(settings) : s);
}

// forgetGameAnalysis drops the marks and graph of "Analyse game" when the
// game they belong to is replaced.
function forgetGameAnalysis() {
  moveList.setMarks(new Map());
  analysis.drawGraph([]);
  $('analyse-progress').textContent = '';
}

// ---- Puzzles ----
// The Puzzles mode plays puzzles in the tab's game, set to two humans
// without clocks so that no engine moves: the puzzle's position is set
// up, the opponent's move played, and each move the solver enters is
// judged by the back end (POST /api/puzzles/{id}/check) before it is
// played; a right one is answered by the line's reply, a wrong one shown,
// marked and taken back. The player's rating lives in this browser's
// localStorage and goes with each first attempt to be rated.

const ratingKey = 'camelot-puzzle-rating';
const seenKey = 'camelot-puzzles-seen';
const puzzlePause = 400; // ms between a move and the line's answer
const wrongShown = 900; // ms a wrong move stays on the board
let savedSettings = null; // the game's settings before the Puzzles mode

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function newRating() {
  return { rating: 1500, deviation: 350, volatility: 0.06 };
}

// storedRating is the player's puzzle rating, a new player's when none
// is stored (or it cannot be read).
function storedRating() {
  try {
    const r = JSON.parse(localStorage.getItem(ratingKey));
    if (r && r.rating > 0 && r.deviation > 0 && r.volatility > 0) return { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
  } catch { /* none stored, or not readable */ }
  return newRating();
}

function storeRating(r) {
  try {
    localStorage.setItem(ratingKey, JSON.stringify({ rating: r.rating, deviation: r.deviation, volatility: r.volatility }));
  } catch { /* storage off: the rating lasts as long as the page */ }
}

// seenPuzzles lists the ids of the puzzles last played, oldest first.
function seenPuzzles() {
  try {
    const a = JSON.parse(localStorage.getItem(seenKey));
    if (Array.isArray(a)) return a.filter((x) => typeof x === 'string');
  } catch { /* none */ }
  return [];
}

function markSeen(id) {
  const a = seenPuzzles().filter((x) => x !== id);
  a.push(id);
  try {
    localStorage.setItem(seenKey, JSON.stringify(a.slice(-100)));
  } catch { /* storage off */ }
}

function puzzleKey() {
  return puzzle ? `${puzzle.p.id}|${puzzle.next}|${puzzle.busy}|${puzzle.done}` : '';
}

// showRating shows the stored rating, with the change of the last
// attempt when given.
function showRating(change) {
  const r = storedRating();
  const el = $('puzzle-rating');
  el.dataset.rating = String(Math.round(r.rating));
  let text = `Your puzzle rating: ${Math.round(r.rating)} ± ${Math.round(r.deviation)}`;
  if (change !== undefined) text += ` (${change >= 0 ? '+' : '−'}${Math.abs(Math.round(change))})`;
  el.textContent = text;
}

// setPuzzleStatus says where the puzzle stands in #status; mark (right,
// wrong, solved, solution) goes to the body's data-puzzle.
function setPuzzleStatus(text, mark) {
  puzzle.status = text;
  if (mark) document.body.dataset.puzzle = mark;
  else delete document.body.dataset.puzzle;
  $('status').textContent = text;
}

function addOption(select, value, text) {
  const opt = document.createElement('option');
  opt.value = value;
  opt.textContent = text;
  select.appendChild(opt);
}

// fillPuzzleBoards lists the boards that have puzzles, keeping the one
// chosen, else the game's own.
async function fillPuzzleBoards(want) {
  const l = await listPuzzles({ limit: 1 });
  const sel = $('puzzle-board');
  const keep = want || sel.value || (state && state.variant) || 'camelot';
  sel.replaceChildren();
  for (const v of l.variants || []) addOption(sel, v.name, `${v.title} (${v.count})`);
  if ((l.variants || []).some((v) => v.name === keep)) sel.value = keep;
}

// fillPuzzleThemes lists the themes of the chosen board's puzzles.
async function fillPuzzleThemes() {
  const l = await listPuzzles({ variant: $('puzzle-board').value || undefined, limit: 1 });
  const sel = $('puzzle-theme');
  const keep = sel.value;
  sel.replaceChildren();
  addOption(sel, '', 'any');
  for (const t of l.themes || []) addOption(sel, t.name, `${t.name} (${t.count})`);
  sel.value = (l.themes || []).some((t) => t.name === keep) ? keep : '';
}

// fetchNextPuzzle asks for the puzzle of the chosen board and theme
// nearest the player's rating, not one of those played last.
function fetchNextPuzzle() {
  return nextPuzzle({
    variant: $('puzzle-board').value || undefined,
    theme: $('puzzle-theme').value || undefined,
    rating: Math.round(storedRating().rating),
    exclude: seenPuzzles().slice(-50).join(','),
  });
}

// enterPuzzles starts the Puzzles mode, on the puzzle with the id or
// the next one near the player's rating.
async function enterPuzzles(id) {
  await fillPuzzleBoards();
  const p = id ? await getPuzzle(id) : await fetchNextPuzzle();
  if (!puzzle) savedSettings = state ? { ...state.settings } : null;
  document.body.dataset.mode = 'puzzles';
  $('puzzle-info').hidden = false;
  showRating();
  if ($('puzzle-board').value !== p.variant) await fillPuzzleBoards(p.variant);
  await fillPuzzleThemes();
  await startPuzzle(p, false);
}

// startPuzzle sets the puzzle up and plays the opponent's move; again
// (Retry) keeps what the player's attempt already counted.
async function startPuzzle(p, again) {
  const prev = again && puzzle && puzzle.p.id === p.id ? puzzle : null;
  const mine = {
    p, next: 0, busy: true, done: false, wrong: null, status: 'Puzzle: the opponent moves',
    failed: prev ? prev.failed : false, rated: prev ? prev.rated : false,
  };
  puzzle = mine;
  delete document.body.dataset.puzzle;
  document.body.dataset.puzzleId = p.id;
  markSeen(p.id);
  const themes = (p.themes || []).join(', ');
  $('puzzle-about').textContent = `Puzzle ${p.id} · ${p.title} · rated ${p.rating}${themes ? ` · ${themes}` : ''}${p.source ? ` · ${p.source}` : ''}`;
  const url = new URL(window.location.href);
  url.searchParams.set('puzzle', p.id);
  if (url.href !== window.location.href) window.history.replaceState(null, '', url.href);
  try {
    await setUpPuzzle(mine);
  } catch (err) {
    // Not set up: no move is taken; Retry or Next may try again.
    if (puzzle === mine) {
      mine.busy = false;
      mine.done = true;
      setPuzzleStatus('Puzzle: not set up');
      if (state) applyState(state);
    }
    throw err;
  }
}

// setUpPuzzle sets the puzzle's position up and plays the opponent's
// move.
async function setUpPuzzle(mine) {
  const { p } = mine;
  // Two humans, no clock: no engine moves in a puzzle.
  const st = state.settings;
  if (st.mode !== 'human-human' || st.time !== 0 || st.inc !== 0) await answered(client.settings({ mode: 'human-human', time: 0, inc: 0 }));
  await answered(client.setup(p.cfen, p.variant, p.rules));
  forgetGameAnalysis();
  if (puzzle !== mine) return;
  // The solver's side at the bottom: the side not to move in the CFEN.
  const solver = (p.cfen.split(/\s+/)[1] || 'w') === 'w' ? 'black' : 'white';
  if (board.flipped !== (solver === 'black')) board.flip();
  clocks.set(state.clock, false, board.flipped);
  setPuzzleStatus('Puzzle: the opponent moves');
  await sleep(puzzlePause);
  if (puzzle !== mine) return;
  await answered(client.move(p.moves[0], 0));
  if (puzzle !== mine) return;
  mine.next = 1;
  mine.busy = false;
  setPuzzleStatus(`Your turn: find the best move for ${solver}`);
  applyState(state);
}

// rate sends the first attempt at the puzzle to be rated and keeps the
// new rating.
async function rate(mine, solved) {
  if (mine.rated) return;
  mine.rated = true;
  try {
    const a = await attemptPuzzle(mine.p.id, solved, storedRating());
    storeRating(a.player);
    showRating(a.change);
  } catch (err) {
    message(err.message);
  }
}

// puzzleMove judges the solver's move, plays it, and answers it: by the
// line's reply, or, for a wrong move, by taking it back.
async function puzzleMove(text) {
  const mine = puzzle;
  if (!state || !humanMayMove(state)) return;
  mine.busy = true;
  mine.wrong = null;
  applyState(state);
  try {
    const k = mine.next;
    const ans = await checkPuzzle(mine.p.id, k, text);
    if (puzzle !== mine) return;
    const entered = (state.legal || []).find((m) => m.text === ans.move);
    await answered(client.move(ans.move, k));
    if (puzzle !== mine) return;
    message('');
    if (!ans.right) {
      mine.wrong = entered ? [...entered.legs] : [];
      mine.failed = true;
      setPuzzleStatus(`Wrong: ${ans.move} is not the move. Try again, or see the solution`, 'wrong');
      renderBoard();
      await rate(mine, false);
      await sleep(wrongShown);
      if (puzzle !== mine) return;
      await answered(client.undo(1));
      if (puzzle === mine) setPuzzleStatus(`Wrong: ${ans.move} was taken back. Try again, or see the solution`, 'wrong');
      return;
    }
    if (ans.solved) {
      mine.done = true;
      const first = !mine.rated;
      await rate(mine, true);
      if (puzzle === mine) setPuzzleStatus(first ? 'Solved!' : 'Solved (not rated again)', 'solved');
      return;
    }
    setPuzzleStatus(`Right: ${ans.move}; the opponent answers`, 'right');
    await sleep(puzzlePause);
    if (puzzle !== mine) return;
    await answered(client.move(ans.reply, k + 1));
    if (puzzle !== mine) return;
    mine.next = ans.next;
    setPuzzleStatus(`Right: ${ans.move}. Your turn again`, 'right');
  } finally {
    if (puzzle === mine) {
      mine.busy = false;
      if (state) applyState(state);
    }
  }
}

// showSolution plays the rest of the line; the attempt counts as failed.
async function showSolution() {
  const mine = puzzle;
  if (!mine || mine.done || mine.busy) return;
  mine.busy = true;
  mine.done = true;
  mine.wrong = null;
  mine.failed = true;
  setPuzzleStatus('Solution:', 'solution');
  try {
    await rate(mine, false);
    for (let k = mine.next; k < mine.p.moves.length; k++) {
      if (puzzle !== mine) return;
      await answered(client.move(mine.p.moves[k], k));
      if (k + 1 < mine.p.moves.length) await sleep(puzzlePause);
    }
    if (puzzle === mine) setPuzzleStatus(`Solution: ${mine.p.moves.slice(1).join(' ')}`, 'solution');
  } finally {
    if (puzzle === mine) {
      mine.busy = false;
      applyState(state);
    }
  }
}

// leavePuzzles ends the Puzzles mode with a new game of the settings
// the game had before it.
async function leavePuzzles() {
  puzzle = null;
  delete document.body.dataset.mode;
  delete document.body.dataset.puzzle;
  delete document.body.dataset.puzzleId;
  $('puzzle-info').hidden = true;
  const url = new URL(window.location.href);
  url.searchParams.delete('puzzle');
  if (url.href !== window.location.href) window.history.replaceState(null, '', url.href);
  const saved = savedSettings;
  savedSettings = null;
  await newGame(saved);
}

function bindPuzzleControls() {
  $('puzzle-mode').addEventListener('click', () => guarded(() => enterPuzzles()));
  $('puzzle-next').addEventListener('click', () => guarded(async () => startPuzzle(await fetchNextPuzzle(), false)));
  $('puzzle-retry').addEventListener('click', () => guarded(async () => {
    if (puzzle && !puzzle.busy) await startPuzzle(puzzle.p, true);
  }));
  $('puzzle-solution').addEventListener('click', () => guarded(showSolution));
  $('puzzle-leave').addEventListener('click', () => guarded(leavePuzzles));
  $('puzzle-board').addEventListener('change', () => guarded(async () => {
    await fillPuzzleThemes();
    if (puzzle) await startPuzzle(await fetchNextPuzzle(), false);
  }));
  $('puzzle-theme').addEventListener('change', () => guarded(async () => {
    if (puzzle) await startPuzzle(await fetchNextPuzzle(), false);
  }));
}

function bindControls() {
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('move-text').value.trim();
    if (!text) return;
    play(text).then(() => {
      // Clear the box unless the move failed or something else was typed.
      if (!$('message').textContent && $('move-text').value.trim() === text) $('move-text').value = '';
    });
  });
  $('settings').addEventListener('submit', (e) => {
    e.preventDefault();
    const st = readSettings();
    guarded(async () => {
      if (state.thinking) await client.engineStop();
      await answered(client.settings(st));
      if (st.mode === 'engine-engine' && !state.outcome.over) await client.engineGo();
      if (st.mode === 'human-engine' && (st.engineColor === 'white') !== board.flipped) {
        board.flip();
        clocks.set(state.clock, state.settings.time > 0, board.flipped);
      }
      message('');
    });
  });
  $('new-game').addEventListener('click', () => guarded(() => (puzzle ? leavePuzzles() : newGame())));
  $('claim-draw').addEventListener('click', () => play('draw'));
  $('take-back').addEventListener('click', () => guarded(async () => {
    const s = state;
    if (s.thinking) await client.engineStop();
    // Undo works at the game's end: take back the engine's answer too when
    // the human is to move there.
    const other = s.side === 'white' ? 'black' : 'white';
    const sideAtEnd = (s.plies - s.ply) % 2 === 0 ? s.side : other;
    const twice = s.settings.mode === 'human-engine' && sideAtEnd !== s.settings.engineColor && s.plies >= 2;
    await answered(client.undo(twice ? 2 : 1));
  }));
  $('flip').addEventListener('click', () => {
    board.flip();
    clocks.set(state.clock, state.settings.time > 0, board.flipped);
  });
  $('engine-go').addEventListener('click', () => guarded(() => client.engineGo()));
  $('engine-stop').addEventListener('click', () => guarded(() => client.engineStop()));
  $('first-ply').addEventListener('click', () => view(0));
  $('prev-ply').addEventListener('click', () => state && view(viewedPly() - 1));
  $('next-ply').addEventListener('click', () => state && view(viewedPly() + 1));
  $('last-ply').addEventListener('click', () => state && view(state.plies));
  $('setup-form').addEventListener('submit', (e) => {
    e.preventDefault();
    guarded(async () => {
      await answered(client.setup($('cfen').value.trim()));
      forgetGameAnalysis();
      $('cfen').blur();
      message('');
    });
  });
  $('copy-cfen').addEventListener('click', () => {
    const text = state.cfen;
    $('cfen').value = text;
    const fallback = () => {
      $('cfen').select();
      message(document.execCommand('copy') ? 'CFEN copied' : 'CFEN selected: copy it with Ctrl+C');
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(() => message('CFEN copied'), fallback);
    } else {
      fallback();
    }
  });
  $('save-record').addEventListener('click', () => guarded(async () => {
    const text = await client.record();
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${state.variant || 'camelot'}-game.pgn`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }));
  $('load-record').addEventListener('change', (e) => guarded(async () => {
    const file = e.target.files[0];
    if (!file) return;
    await answered(client.loadRecord(await file.text()));
    forgetGameAnalysis();
    e.target.value = '';
    message('');
  }));
  $('analyse-game').addEventListener('click', () => guarded(async () => {
    $('analyse-progress').textContent = 'starting';
    await client.analyseGame(300);
  }));
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    if (!state) return;
    const keys = {
      ArrowLeft: () => view(viewedPly() - 1),
      ArrowRight: () => view(viewedPly() + 1),
      Home: () => view(0),
      End: () => view(state.plies),
      Escape: () => {
        entry.reset();
        chooser.hide();
        highlight = [];
        treeMarks = [];
        $('status').textContent = statusText(state);
        renderBoard();
      },
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
  window.addEventListener('pagehide', () => {
    if (client) client.close();
  });
}

// loadBoards fetches the board of every variant played here, so that a
// game of any of them is drawn as soon as its state comes, and fills the
// new-game control with the variants (those not played yet disabled).
async function loadBoards() {
  const first = await getBoard();
  variants = first.variants || [{ name: first.variant || 'camelot', title: first.title || 'Camelot', playable: true }];
  boards.set(first.variant || 'camelot', first);
  await Promise.all(variants.filter((v) => v.playable && !boards.has(v.name)).map(async (v) => {
    boards.set(v.name, await getBoard(v.name));
  }));
  const select = $('variant');
  select.replaceChildren();
  for (const v of variants) {
    const opt = document.createElement('option');
    opt.value = v.name;
    opt.textContent = v.playable ? v.title : `${v.title} (not available yet)`;
    opt.disabled = !v.playable;
    select.appendChild(opt);
  }
  ruleSets = first.rules || [{ name: 'wcf', title: 'WCF' }];
  const rules = $('rules');
  rules.replaceChildren();
  for (const r of ruleSets) {
    const opt = document.createElement('option');
    opt.value = r.name;
    opt.textContent = r.title;
    rules.appendChild(opt);
  }
}

// addressVariant reads the variant the address asks for (?variant=cam, in
// any case): its name, and a note when it cannot be played and Camelot is
// played instead.
function addressVariant() {
  const raw = new URLSearchParams(window.location.search).get('variant');
  if (raw === null || raw.trim() === '') return { name: 'camelot', note: '' };
  const name = raw.trim().toLowerCase();
  const v = variants.find((x) => x.name === name);
  const playable = variants.filter((x) => x.playable).map((x) => x.name).join(', ');
  if (!v) return { name: 'camelot', note: `unknown variant "${raw.slice(0, 40)}" in the address (the boards are ${playable}): playing Camelot` };
  if (!v.playable) return { name: 'camelot', note: `${v.title} is not played yet: playing Camelot` };
  return { name: v.name, note: '' };
}

// addressRules reads the rule set the address asks for (?rules=abstractplay,
// in any case, by name or title): its name, and a note when it is none and
// the WCF's rules are played instead.
function addressRules() {
  const raw = new URLSearchParams(window.location.search).get('rules');
  if (raw === null || raw.trim() === '') return { name: 'wcf', note: '' };
  const key = raw.trim().toLowerCase();
  const r = ruleSets.find((x) => x.name === key || x.title.toLowerCase() === key);
  if (!r) return { name: 'wcf', note: `unknown rules "${raw.slice(0, 40)}" in the address (the rule sets are ${ruleSets.map((x) => x.name).join(', ')}): playing the WCF's rules` };
  return { name: r.name, note: '' };
}

async function main() {
  await loadBoards();
  const want = addressVariant();
  const wantRules = addressRules();
  board = new BoardView($('board'), boards.get('camelot') || boards.values().next().value, {
    onClick,
    onDrop,
    canDrag: (sq) => entry.movable(sq),
  });
  $('variant').value = want.name;
  $('rules').value = wantRules.name;
  bindControls();
  bindPuzzleControls();
  const { client: c, state: s } = await GameClient.create(undefined, want.name === 'camelot' ? undefined : want.name,
    wantRules.name === 'wcf' ? undefined : wantRules.name);
  client = c;
  document.body.dataset.game = c.id;
  listen(c);
  applyState(s);
  const note = [want.note, wantRules.note].filter((x) => x).join('; ');
  if (note) message(note);
  // ?puzzle=ID opens that puzzle.
  const wantPuzzle = new URLSearchParams(window.location.search).get('puzzle');
  if (wantPuzzle !== null && wantPuzzle.trim() !== '') await guarded(() => enterPuzzles(wantPuzzle.trim()));
}

main().catch((err) => {
  $('status').textContent = `error: ${err.message}`;
});
