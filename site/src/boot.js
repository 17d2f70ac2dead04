// The first script of every page: it speaks before anything large is downloaded.
//
// It checks that the browser can run Python (WebAssembly, module workers), downloads what
// Python needs with a figure of how far it has come, and then loads the page script
// (main.js), which starts Python.  Every failure gets its own sentence in the learner's
// language and a «Prøv igjen» that repeats the step that failed; nothing waits forever.
// main.js reports its own failures through the same `window.kampBoot`.
import { offline } from './offline.js';
import { formatText, numberText } from './words.js';

const config = JSON.parse(document.getElementById('kamp-config').textContent);
const root = new URL(document.documentElement.dataset.kampRoot || './', document.baseURI);
const at = (path) => new URL(path, root).href;

// A download that has received nothing for this long is given up (then «Prøv igjen»).
const STALL_SECONDS = 30;

function pageLang() {
  const asked = new URLSearchParams(location.search).get('lang');
  return config.langs.includes(asked) ? asked : config.langs[0];
}
const words = (name, params) => formatText(config.texts[pageLang()][name], params, pageLang());

/** The look the learner chose (?theme=dark, as in the Voilà app): the page's colours follow
 *  at once, before Python draws anything; the page's head gives its drawings the same look.
 *  A page moved to in place follows its own address. */
function pageTheme() {
  return new URLSearchParams(location.search).get('theme') === 'dark' ? 'dark' : 'light';
}
function followTheme() {
  document.documentElement.classList.toggle('kamp-dark', pageTheme() === 'dark');
}
followTheme();

// What tests and benchmarks read: the phase now, the bytes received, the failures met, and
// when (ms on the page's clock) the service worker was ready and the downloads were done.
const state = { phase: 'boot', received: 0, total: 0, failures: [], marks: {} };

// --- the status line ---------------------------------------------------------------------------
const status = document.getElementById('kamp-status');
const text = document.createElement('span');
text.className = 'kamp-status-text';
const bar = document.createElement('progress');
bar.className = 'kamp-progress';
bar.max = 1;
bar.hidden = true;
const retry = document.createElement('button');
retry.type = 'button';
retry.className = 'kamp-retry';
retry.hidden = true;
status.replaceChildren(text, bar, retry);
let again = null;
retry.addEventListener('click', () => {
  const step = again;
  again = null;
  retry.hidden = true;
  if (step) step();
});

/** Show `line` (nothing: hide the status line); `kind` is 'info' or 'error'. */
function say(line, kind = 'info', fraction = null) {
  status.hidden = !line;
  status.dataset.kind = kind;
  text.textContent = line || '';
  bar.hidden = fraction === null;
  if (fraction !== null) bar.value = fraction;
  if (kind !== 'error') {
    retry.hidden = true;
    again = null;
  }
}

/** A failure said in the learner's words, with «Prøv igjen» running `step` again. */
function fail(kind, params, step) {
  state.failures.push(kind);
  state.phase = 'failed';
  say(words(kind, params), 'error');
  status.setAttribute('role', 'alert');
  retry.textContent = words('retry');
  again = step;
  retry.hidden = !step;
  document.dispatchEvent(new CustomEvent('kamp:failed', { detail: kind }));
}

// --- what this browser can do ----------------------------------------------------------------
function missingFeature() {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    return 'no_wasm';
  }
  let moduleWorkers = false;
  try {
    // the options are read before the address: a browser that knows module workers asks for
    // `type`; the address is no URL at all, so nothing is started or fetched
    new Worker('//[', { get type() { moduleWorkers = true; return 'module'; } });
  } catch {
    // the bad address, as intended
  }
  return moduleWorkers ? null : 'no_module_worker';
}

// --- downloads, with a figure ----------------------------------------------------------------
class Failure extends Error {
  constructor(kind, params = {}) {
    super(kind);
    this.kind = kind;
    this.params = params;
  }
}

const MB = 1e6;
const megabytes = (bytes) => numberText(bytes / MB, pageLang(), 1);

/**
 * Download `files` ({url, size, br, gz}: bytes as stored and as each encoding sends them),
 * reporting received and total bytes as they travel (`size` if the host sends the file as it
 * is).  Files already complete are skipped on a second try.  Rejects with a Failure.
 */
async function download(files, done, report) {
  const left = files.filter((file) => !done.has(file.url));
  const sent = new Map(); // url -> bytes on the wire for the whole file, once its reply is in
  const got = new Map(); // url -> bytes of the file received (decoded)
  let encoding = null; // what the host sends: guessed for files not yet answered
  const wire = (file) => {
    const known = sent.get(file.url);
    if (known !== undefined) return known;
    return (encoding && file[encoding]) || file.size;
  };
  const figures = () => {
    let total = 0;
    let received = 0;
    for (const file of files) {
      const size = wire(file);
      total += size;
      received += done.has(file.url) ? size
        : Math.min(size, ((got.get(file.url) || 0) / file.size) * size);
    }
    return [received, total];
  };
  const tell = () => report(...figures(), encoding !== null || left.length === 0);

  const abort = new AbortController();
  let lastByte = Date.now();
  let answered = 0;
  const stalled = new Promise((_, reject) => {
    const timer = setInterval(() => {
      if (Date.now() - lastByte > STALL_SECONDS * 1000) {
        clearInterval(timer);
        const [received, total] = figures();
        const failure = new Failure('stalled', { seconds: STALL_SECONDS,
          done: megabytes(received), total: megabytes(total) });
        abort.abort(failure);
        reject(failure);
      }
    }, 1000);
    abort.signal.addEventListener('abort', () => clearInterval(timer));
  });

  async function one(file) {
    let reply;
    try {
      reply = await fetch(at(file.url), { signal: abort.signal });
    } catch (error) {
      throw abort.signal.aborted ? abort.signal.reason : networkFailure(answered, figures);
    }
    answered += 1;
    if (!reply.ok) {
      throw new Failure('missing_file', { file: file.url.split('/').pop(), status: reply.status });
    }
    const coding = reply.headers.get('content-encoding');
    encoding = coding === 'br' || coding === 'gzip' ? (coding === 'gzip' ? 'gz' : 'br') : 'size';
    sent.set(file.url, (encoding !== 'size' && file[encoding]) || file.size);
    const reader = reply.body.getReader();
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw abort.signal.aborted ? abort.signal.reason : brokenFailure(figures);
      }
      if (chunk.done) break;
      lastByte = Date.now();
      got.set(file.url, (got.get(file.url) || 0) + chunk.value.length);
      tell();
    }
    done.add(file.url);
    tell();
  }

  tell();
  try {
    await Promise.race([Promise.all(left.map(one)), stalled]);
  } catch (error) {
    abort.abort(error);
    throw error instanceof Failure ? error : new Failure('broken', {
      done: megabytes(figures()[0]), total: megabytes(figures()[1]) });
  } finally {
    abort.abort();
  }
}

/** No reply at all: offline, or the server is not there (it refused, or the name is gone). */
function networkFailure(answered, figures) {
  if (navigator.onLine === false) return new Failure('offline');
  if (answered === 0) return new Failure('server_gone');
  return brokenFailure(figures);
}

function brokenFailure(figures) {
  const [received, total] = figures();
  return new Failure('broken', { done: megabytes(received), total: megabytes(total) });
}

// --- the steps -------------------------------------------------------------------------------
const downloaded = new Set();
const keeper = offline({ at, root, words, state });
let kept = null; // the service worker's registration, once (it keeps what is downloaded)

async function fetchPython() {
  kept ??= keeper.start().catch((error) => console.warn('[offline]', error));
  await kept;
  state.marks.worker ??= performance.now();
  state.phase = 'download';
  say(words('downloading'), 'info', 0);
  try {
    await download(config.core, downloaded, (received, total, known) => {
      state.received = received;
      state.total = total;
      const line = known ? words('progress', { done: megabytes(received), total: megabytes(total),
        percent: Math.floor((100 * received) / Math.max(total, 1)) }) : words('downloading');
      say(line, 'info', total ? received / total : 0);
    });
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    fail(error.kind, error.params, fetchPython);
    return;
  }
  state.phase = 'python';
  state.marks.downloaded = performance.now();
  say(words('starting'), 'info');
  try {
    await import(at(config.main));
  } catch (error) {
    console.error('[kamp]', error);
    fail(navigator.onLine === false ? 'offline' : 'server_gone', {}, () => location.reload());
  }
}

window.kampBoot = { config, root, at, lang: pageLang, followTheme, words, say, fail, state,
  STALL_SECONDS };

/** The footer in the learner's language and look (the page is written in bokmål; a page moved
 *  to in place may change either). */
function footerWords() {
  const teachers = document.querySelector('.kamp-teacher-link');
  if (!teachers) return;
  teachers.textContent = words('teachers');
  const link = new URL(teachers.href);
  if (pageLang() === config.langs[0]) link.searchParams.delete('lang');
  else link.searchParams.set('lang', pageLang());
  if (pageTheme() === 'dark') link.searchParams.set('theme', 'dark');
  else link.searchParams.delete('theme');
  teachers.href = link.href;
}
footerWords();
document.addEventListener('kamp:page-ready', () => {
  footerWords();
  keeper.pageShown();
});

const lacking = missingFeature();
if (lacking) fail(lacking, {}, () => location.reload());
else fetchPython();
