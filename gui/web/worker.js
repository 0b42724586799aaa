// The Web Worker of the static page: the game logic and the engine of
// `camelot gui`, compiled from the same Go code to WebAssembly (package
// web), run off the page's thread so that the page never waits for a
// search. The page talks to it through api.js. Messages that arrive
// before the WebAssembly module has started wait in a queue.
importScripts('wasm_exec.js');

const queue = [];
let deliver = null;
self.onmessage = (e) => (deliver ? deliver(e.data) : queue.push(e.data));

// camelotReady is called by the Go program once it can take messages.
self.camelotReady = (handler) => {
  deliver = handler;
  for (const m of queue.splice(0)) handler(m);
};

// load fetches the module, gzip-compressed on the host (camelot.wasm.gz);
// a host that already sent it decompressed is fine too.
async function load() {
  const res = await fetch('camelot.wasm.gz');
  if (!res.ok) throw new Error(`camelot.wasm.gz: ${res.status}`);
  let bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  go.run(instance);
}

load().catch((err) => self.postMessage({ type: 'fatal', error: `cannot start the engine: ${err.message || err}` }));
