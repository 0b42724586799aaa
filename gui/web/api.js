// The interface of API.md, on either back end:
//  - the server of `camelot gui` (fetch and server-sent events), or
//  - a Web Worker that runs the same Go game logic and engine compiled to
//    WebAssembly (worker.js), when the page is served by a plain static
//    file host.
// Both answer the same requests with the same JSON, so nothing above this
// file knows which one it talks to; index.html's camelot-backend tag says
// which one the page has. Every failed request throws an Error carrying
// the one-line message of the back end.

// ServerBackend talks to `camelot gui` over HTTP.
class ServerBackend {
  constructor() {
    this.kind = 'server';
  }

  async request(method, path, body, contentType) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = contentType;
      init.body = body;
    }
    const res = await fetch(path, init);
    return { status: res.status, contentType: res.headers.get('Content-Type') || '', body: await res.text() };
  }

  // listen opens an event stream; onEvent gets (name, data text). It
  // returns a function that closes the stream.
  listen(path, onEvent) {
    const src = new EventSource(path);
    const seen = new Set();
    const on = (name) => {
      if (seen.has(name)) return;
      seen.add(name);
      src.addEventListener(name, (ev) => {
        // A bare `error` event without data is the connection's own
        // error; EventSource reconnects by itself.
        if (ev.data !== undefined) onEvent(name, ev.data);
      });
    };
    ['state', 'info', 'engine', 'analysis', 'error'].forEach(on);
    return () => src.close();
  }
}

// WorkerBackend talks to worker.js with messages. Requests carry an id;
// an event stream is a request whose answer comes in chunks of the same
// text/event-stream format the server writes.
class WorkerBackend {
  constructor(url = 'worker.js') {
    this.kind = 'worker';
    this.worker = new Worker(url);
    this.nextID = 1;
    this.pending = new Map(); // id -> {resolve, reject} or a stream's chunk handler
    this.failure = null;
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.fail(e.message || 'the engine worker failed');
  }

  fail(message) {
    this.failure = new Error(message);
    for (const p of this.pending.values()) if (p.reject) p.reject(this.failure);
    this.pending.clear();
  }

  receive(m) {
    if (m.type === 'fatal') {
      this.fail(m.error);
      return;
    }
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'response') {
      this.pending.delete(m.id);
      p.resolve(m);
    } else if (m.type === 'chunk') {
      p.chunk(m.data);
    } else if (m.type === 'end') {
      this.pending.delete(m.id);
    }
  }

  request(method, path, body, contentType) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextID++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'request', id, method, path, body, contentType });
    });
  }

  listen(path, onEvent) {
    const id = this.nextID++;
    let buffer = '';
    this.pending.set(id, {
      chunk: (text) => {
        buffer += text;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          const data = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) name = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length) onEvent(name, data.join('\n'));
        }
      },
    });
    this.worker.postMessage({ type: 'listen', id, path });
    return () => {
      this.pending.delete(id);
      this.worker.postMessage({ type: 'close', id });
    };
  }
}

// backend picks the back end once, from the page's own marker (the
// camelot-backend meta tag of index.html): the page never probes for an
// API, so the static page asks nothing of a host that has none, and the
// server's page never starts the Worker.
let backendPromise = null;
function backend() {
  if (!backendPromise) {
    const meta = document.querySelector('meta[name="camelot-backend"]');
    const kind = meta ? meta.content : 'server';
    const backends = { server: () => new ServerBackend(), worker: () => new WorkerBackend() };
    backendPromise = backends[kind]
      ? Promise.resolve(backends[kind]())
      : Promise.reject(new Error(`unknown back end "${kind}" in the page's camelot-backend tag`));
  }
  return backendPromise;
}

// backendKind resolves to 'server' or 'worker'.
export async function backendKind() {
  return (await backend()).kind;
}

async function request(method, path, body, contentType = 'application/json') {
  const b = await backend();
  const payload = body === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(body) : body;
  const res = await b.request(method, path, payload, contentType);
  if (res.status < 200 || res.status > 299) {
    let msg = `${res.status}`;
    try {
      const j = JSON.parse(res.body);
      if (j && j.error) msg = j.error;
    } catch { /* not JSON: keep the status */ }
    throw new Error(msg);
  }
  if (!res.body) return null;
  return res.contentType.includes('json') ? JSON.parse(res.body) : res.body;
}

// getBoard asks for a variant's board (GET /api/board); no variant is
// Camelot's.
export function getBoard(variant) {
  return request('GET', variant ? `/api/board?variant=${encodeURIComponent(variant)}` : '/api/board');
}

// GameClient speaks for one game; `id` changes when a new game replaces it.
export class GameClient {
  constructor(id) {
    this.id = id;
    this.stopListening = null;
  }

  // create starts a game of the variant (its name; none: Camelot) under
  // the rule set (its name; none: the WCF's), at the CFEN when given.
  static async create(cfen, variant, rules) {
    const body = {};
    if (cfen) body.cfen = cfen;
    if (variant) body.variant = variant;
    if (rules) body.rules = rules;
    const state = await request('POST', '/api/games', body);
    return { client: new GameClient(state.id), state };
  }

  path(rest = '') {
    return `/api/games/${encodeURIComponent(this.id)}${rest}`;
  }

  get(ply) {
    return request('GET', this.path(ply === undefined ? '' : `?ply=${ply}`));
  }
  move(text, ply) {
    return request('POST', this.path('/move'), ply === undefined ? { move: text } : { move: text, ply });
  }
  undo(plies) {
    return request('POST', this.path('/undo'), { plies });
  }
  // setup starts the game again at the CFEN, on the variant and under
  // the rules when given (none: the game's own).
  setup(cfen, variant, rules) {
    const body = { cfen };
    if (variant) body.variant = variant;
    if (rules) body.rules = rules;
    return request('POST', this.path('/setup'), body);
  }
  settings(s) {
    return request('POST', this.path('/settings'), s);
  }
  engineGo() {
    return request('POST', this.path('/engine/go'), {});
  }
  engineStop() {
    return request('POST', this.path('/engine/stop'), {});
  }
  analysis(on, multipv, ply) {
    return request('POST', this.path('/analysis'), { on, multipv, ply });
  }
  analyseGame(movetime) {
    return request('POST', this.path('/analyse-game'), { movetime });
  }
  record() {
    return request('GET', this.path('/record'));
  }
  loadRecord(text) {
    return request('POST', this.path('/record'), text, 'text/plain');
  }
  remove() {
    return request('DELETE', this.path());
  }

  // listen opens the event stream; handlers maps event names (state, info,
  // engine, analysis, error) to functions of the parsed data.
  async listen(handlers) {
    this.close();
    const b = await backend();
    this.stopListening = b.listen(this.path('/events'), (name, text) => {
      const fn = handlers[name];
      if (!fn) return;
      let data;
      try {
        data = JSON.parse(text);
      } catch {
        return;
      }
      fn(data);
    });
  }

  close() {
    if (this.stopListening) this.stopListening();
    this.stopListening = null;
  }
}

// Puzzles (API.md "Puzzles"). query builds a query string of the
// parameters that are set.
function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

// listPuzzles asks for puzzles: {variant, theme, near, limit, offset}.
export function listPuzzles(params) {
  return request('GET', `/api/puzzles${query(params)}`);
}

// nextPuzzle asks for the puzzle nearest the rating: {variant, theme,
// rating, exclude (ids joined by commas)}.
export function nextPuzzle(params) {
  return request('GET', `/api/puzzles/next${query(params)}`);
}

export function getPuzzle(id) {
  return request('GET', `/api/puzzles/${encodeURIComponent(id)}`);
}

// checkPuzzle asks whether move is the line's move at index ply.
export function checkPuzzle(id, ply, move) {
  return request('POST', `/api/puzzles/${encodeURIComponent(id)}/check`, { ply, move });
}

// attemptPuzzle rates an attempt: the player's rating before it
// ({rating, deviation, volatility}) and whether it was solved.
export function attemptPuzzle(id, solved, player) {
  return request('POST', `/api/puzzles/${encodeURIComponent(id)}/attempt`, { solved, player });
}
