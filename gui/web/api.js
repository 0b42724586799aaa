// The server's HTTP interface (gui/API.md): JSON requests and the event
// stream of one game. Every failed request throws an Error carrying the
// server's one-line message.

async function request(method, path, body, contentType = 'application/json') {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = contentType;
    init.body = contentType === 'application/json' ? JSON.stringify(body) : body;
  }
  const res = await fetch(path, init);
  const text = await res.text();
  if (!res.ok) {
    let msg = `${res.status} ${res.statusText}`;
    try {
      const j = JSON.parse(text);
      if (j && j.error) msg = j.error;
    } catch { /* not JSON: keep the status line */ }
    throw new Error(msg);
  }
  if (!text) return null;
  const type = res.headers.get('Content-Type') || '';
  return type.includes('json') ? JSON.parse(text) : text;
}

export function getBoard() {
  return request('GET', '/api/board');
}

// GameClient speaks for one game; `id` changes when a new game replaces it.
export class GameClient {
  constructor(id) {
    this.id = id;
    this.source = null;
  }

  static async create(cfen) {
    const state = await request('POST', '/api/games', cfen ? { cfen } : {});
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
  setup(cfen) {
    return request('POST', this.path('/setup'), { cfen });
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
  listen(handlers) {
    this.close();
    const src = new EventSource(this.path('/events'));
    for (const [name, fn] of Object.entries(handlers)) {
      src.addEventListener(name, (ev) => {
        // A bare `error` event without data is the connection's own
        // error; EventSource reconnects by itself.
        if (ev.data === undefined) return;
        let data;
        try {
          data = JSON.parse(ev.data);
        } catch {
          return;
        }
        fn(data);
      });
    }
    this.source = src;
  }

  close() {
    if (this.source) this.source.close();
    this.source = null;
  }
}
