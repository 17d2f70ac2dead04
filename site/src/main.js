// The browser edition's one script: start Python once, run each page's cells, show their
// outputs and widgets, and move between pages without starting Python again.
//
// A page (made by scripts/build_site.py) holds its narrative as HTML, an empty place for each
// code cell (`[data-kamp-cell]`) and the code in `<script class="kamp-cells">`.  A link to
// another page of the site swaps `<main>` in place (history.pushState) and runs the new cells
// in the same kernel, after closing the old page's widgets and emptying its namespace, so each
// page starts clean as it would in its own Voilà kernel.
import { Kernel } from './kernel.js';
import { Manager } from './widgets.js';
// The learner's memory, shared with the Voilà app: scripts/build_site.py copies it here from
// app/share/voila/templates/kamp/static/kamp-memory.js (window.kampStore, window.kampMemory).
import './kamp-memory.js';
import './course.css';

const WIDGET = 'application/vnd.jupyter.widget-view+json';
const boot = window.kampBoot; // boot.js: the configuration, the status line, failures said
const { config, at, say, fail, root } = boot;
const words = (name, params) => boot.words(name, params);
const pageLang = () => boot.lang();

// Python that has said nothing for this long while starting is given up (then «Prøv igjen»).
const SILENT_SECONDS = 120;

// What tests and benchmarks read, in ms on the page's clock (since navigation started): when
// Python was ready and this document's first widget and page were shown (`marks`), when the
// page now shown began, showed its first widget and was ready (`current`); how many pages this
// document has shown, the errors met on the page now shown, and Pyodide's own log lines.
const state = { marks: {}, current: {}, pagesShown: 0, busy: true, errors: [], log: [] };
window.kampSite = state;
const mark = (name) => { if (!(name in state.marks)) state.marks[name] = performance.now(); };

const kernel = new Kernel(at(config.worker), {
  baseUrl: boot.root.href,
  pyodideUrl: at(config.pyodide),
  indexUrl: at(config.pyodide).replace(/[^/]*$/, ''),
  location: '',
  mountDrive: false,
  kernelId: 'kamp',
  more: config.more && { archive: at(config.more.archive), names: at(config.more.names) },
  loadPyodideOptions: {
    lockFileURL: at(config.lock),
    packageBaseUrl: at('static/'),
    stdLibURL: at(config.stdlib),
    packages: config.packages,
  },
});
const manager = new Manager(kernel);
let heard = Date.now(); // the last sign of life from Python while it starts
kernel.onLog = (text) => { // Pyodide's own lines ("Loading ipython, ..."): timed, for benchmarks
  heard = Date.now();
  state.log.push([performance.now(), text]);
  console.debug('[python]', text);
};
const silence = setInterval(() => {
  if (Date.now() - heard > SILENT_SECONDS * 1000) {
    clearInterval(silence);
    kernel.stop();
    fail('python_silent', { seconds: SILENT_SECONDS }, () => location.reload());
  }
}, 1000);
kernel.ready.then(() => {
  clearInterval(silence);
  mark('kernel');
}, (error) => {
  clearInterval(silence);
  console.error('[python]', error);
  state.errors.push(String(error));
  fail('failed', {}, () => location.reload());
});

// One request at a time, as a kernel's shell channel would take them.
let queue = Promise.resolve();
const serial = (job) => (queue = queue.then(job, job));
const originalComm = kernel.comm.bind(kernel);
kernel.comm = (...args) => serial(() => originalComm(...args));

/** Show one output message of a cell in `area`. */
function show(area, type, bundle) {
  if (type === 'clear_output') {
    area.replaceChildren();
    return;
  }
  const out = document.createElement('div');
  out.className = 'kamp-output';
  if (type === 'stream') {
    if (bundle.name !== 'stdout') {
      console.warn('[python]', bundle.text); // warnings are for the developer, not the learner
      return;
    }
    const last = area.lastElementChild;
    if (last && last.dataset.stream === bundle.name) { // one print may come in several pieces
      last.querySelector('pre').textContent += bundle.text;
      return;
    }
    out.dataset.stream = bundle.name;
    const pre = document.createElement('pre');
    pre.textContent = bundle.text;
    out.append(pre);
  } else if (type === 'execute_error') {
    console.error('[python]', bundle.ename, bundle.evalue, (bundle.traceback || []).join('\n'));
    state.errors.push(`${bundle.ename}: ${bundle.evalue}`);
    out.classList.add('kamp-cell-error');
    out.setAttribute('role', 'alert');
    out.textContent = words('cell_error');
  } else if (type === 'display_data' || type === 'execute_result') {
    const data = bundle.data || {};
    if (data[WIDGET]) {
      out.classList.add('kamp-widget');
      const page = state.current;
      manager.show(data[WIDGET].model_id, out).then(() => {
        mark('widget');
        if (page.widget === undefined) page.widget = performance.now();
      }, (error) => {
        console.error('[widgets]', error);
        state.errors.push(String(error));
      });
    } else if (data['text/html'] !== undefined) {
      out.innerHTML = data['text/html'];
    } else if (data['image/svg+xml'] !== undefined) {
      out.innerHTML = data['image/svg+xml'];
    } else if (data['text/plain'] !== undefined) {
      const pre = document.createElement('pre');
      pre.textContent = data['text/plain'];
      out.append(pre);
    } else {
      return;
    }
  } else {
    return;
  }
  area.append(out);
}

// Python run between pages: the old page's widgets closed, its names forgotten, and kamplib
// imported afresh by the next page, so no state of the old page (a callback it registered, a
// choice it made) reaches the new one: each page starts as in its own Voilà kernel, while
// Pyodide, IPython and ipywidgets stay loaded.
const FRESH_PAGE = [
  'import sys, ipywidgets',
  'ipywidgets.Widget.close_all()',
  'for name in [n for n in sys.modules if n == "kamplib" or n.startswith("kamplib.")]:',
  '    del sys.modules[name]',
  'get_ipython().reset(new_session=False)',
].join('\n');

/** Where the explorations' games worker is (games.worker.js), with what it loads in the
 *  address's fragment: kamplib.site.background starts it from the page's Python and sends it
 *  the fragment as its first message. */
const gamesWorker = () => `${at(config.games.worker)}#${encodeURIComponent(JSON.stringify({
  pyodide: at(config.pyodide),
  lock: at(config.lock),
  stdlib: at(config.stdlib),
  packages: at('static/'),
  wheel: at(config.games.wheel),
  more: config.more && { archive: at(config.more.archive), names: at(config.more.names) },
}))}`;

/** Python that hands the page's URL parameters to it as Voilà does for a kernel it starts for
 *  the request (kamplib.site.query): CGI's QUERY_STRING, and VOILA_PREHEAT=False, which says
 *  the request is already there (no pooled kernel waiting to be handed one); and where the
 *  games worker is (KAMP_GAMES_WORKER, kamplib.site.background). */
const pageQuery = () => [
  'import os',
  `os.environ["QUERY_STRING"] = ${JSON.stringify(location.search.replace(/^\?/, ''))}`,
  'os.environ["VOILA_PREHEAT"] = "False"',
  `os.environ["KAMP_GAMES_WORKER"] = ${JSON.stringify(gamesWorker())}`,
  'del os',
].join('\n');

let generation = 0;
let shownAt = location.pathname + location.search; // the page now in <main>

/** The page now shown as the course names it (tutorial/02-pass.ipynb, index.ipynb): the
 *  learner's memory of its tables is kept under that name, as in the Voilà app.  The page in
 *  <main>, not the address: after Back the address names the next page while the one shown
 *  still stands until it is fetched, and a field of the page shown must not be kept under the
 *  next page's name (the drill's answer was written over by another page's drill that way). */
function pathOf(address) {
  const base = root.pathname;
  const shown = new URL(address, location.href).pathname;
  let path = decodeURIComponent(shown.startsWith(base) ? shown.slice(base.length) : shown);
  if (path === '' || path.endsWith('/')) path += 'index.html';
  return path.replace(/\.html$/, '.ipynb');
}
const pagePath = () => pathOf(shownAt);
const memory = window.kampMemory;
// the page's address follows the learner's choices (kamp-memory.js, the page's address field):
// only while it names the page shown, and the page shown is then the one it names
memory.watch(pagePath, () => pathOf(location.href));
window.addEventListener('kamp-address', () => { shownAt = location.pathname + location.search; });
window.kampStore.onNotKept(() => { // said once a visit, above the page
  const note = document.createElement('p');
  note.className = 'kamp-not-kept';
  note.setAttribute('role', 'status');
  note.textContent = words('not_kept');
  document.body.insertBefore(note, document.getElementById('kamp-page'));
});

/** Run the cells of the page now in `<main>`, in order, each output under its cell. */
async function runPage() {
  const mine = ++generation;
  const page = document.getElementById('kamp-page');
  const cells = JSON.parse(page.querySelector('script.kamp-cells').textContent);
  state.busy = true;
  state.current = { started: performance.now() };
  state.errors = []; // what went wrong on the page now shown
  document.documentElement.lang = pageLang();
  document.body.classList.remove('kamp-ready');
  if (state.pagesShown > 0) {
    say(words('running'));
    await serial(() => kernel.execute(FRESH_PAGE));
  }
  await serial(() => kernel.execute(pageQuery()));
  for (const [index, code] of cells.entries()) {
    if (mine !== generation) return; // the learner has moved on: the new page runs instead
    const area = page.querySelector(`[data-kamp-cell="${index}"]`);
    try {
      await serial(() => kernel.execute(code, (type, bundle) => show(area, type, bundle)));
    } catch (error) {
      state.errors.push(String(error));
      return;
    }
    area.classList.remove('kamp-pending');
    if (index === 0) say('');
  }
  if (mine !== generation) return;
  say('');
  state.pagesShown += 1;
  state.busy = false;
  mark('page');
  state.current.ready = performance.now();
  document.body.classList.add('kamp-ready');
  document.dispatchEvent(new CustomEvent('kamp:page-ready'));
}

/** The site's page for `url`: a notebook's page lies beside it with .html for .ipynb (links
 *  that a page's Python draws name the notebook, as in the Voilà app); null if not ours. */
function ourPage(url) {
  if (url.origin !== location.origin || !url.href.startsWith(root.href)) return null;
  const page = new URL(url.href);
  if (page.pathname.endsWith('.ipynb')) page.pathname = page.pathname.replace(/\.ipynb$/, '.html');
  return page.pathname.endsWith('.html') ? page : null;
}

/** Links a page's Python draws name notebooks, as in the Voilà app: point each at the site's
 *  page, so a link opened in a new tab or copied leads there too. */
function mendLink(link) {
  const href = link.getAttribute('href') || '';
  if (href.includes('.ipynb') && ourPage(new URL(href, location.href))) {
    link.setAttribute('href', href.replace(/\.ipynb(?=$|[?#])/, '.html'));
  }
}
/** The tab's title in the learner's language: the page's head names the page
 *  (data-kamp-title, kamplib/site/pages.py); the page as built is titled in bokmål. */
function followTitle(node) {
  const head = node.matches('[data-kamp-title]') ? node : node.querySelector('[data-kamp-title]');
  const title = head && head.getAttribute('data-kamp-title');
  if (title && document.title !== title) document.title = title;
}
/** A file a «Lagre» button made is downloaded at once, so one click saves
 *  (a.kamp-download-now, kamplib/draw/download.py: each file's token once); the link stays,
 *  saying so, for a browser that held the download back. */
const downloaded = new Set();
function downloadNow(node) {
  const links = node.matches('a.kamp-download-now') ? [node]
    : node.querySelectorAll('a.kamp-download-now');
  for (const link of links) {
    const token = link.dataset.kampNow;
    if (!token || downloaded.has(token)) continue;
    downloaded.add(token);
    link.click();
    link.textContent = link.dataset.kampAgain || link.textContent;
  }
}
new MutationObserver((changes) => {
  for (const change of changes) {
    const nodes = change.type === 'attributes' ? [change.target] : change.addedNodes;
    for (const node of nodes) {
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      if (node.matches('a[href]')) mendLink(node);
      node.querySelectorAll('a[href]').forEach(mendLink);
      followTitle(node);
      downloadNow(node);
    }
  }
}).observe(document.body, { childList: true, subtree: true, attributes: true,
  attributeFilter: ['href', 'data-kamp-title'] });

/** Fetch the page at `url`; null (and the failure said, with «Prøv igjen») if it cannot be
 *  had.  A page of another build of the site is loaded whole instead of swapped in, so no
 *  page runs with another build's script or Python. */
async function fetchPage(url, push) {
  let reply;
  try {
    reply = await fetch(url.href);
  } catch (error) {
    fail(navigator.onLine === false ? 'page_offline' : 'page_failed', {}, () => go(url, push));
    return null;
  }
  if (!reply.ok) {
    fail('missing_file', { file: url.pathname.split('/').pop(), status: reply.status },
      () => go(url, push));
    return null;
  }
  const doc = new DOMParser().parseFromString(await reply.text(), 'text/html');
  const next = doc.getElementById('kamp-page');
  const build = doc.documentElement.dataset.kampBuild;
  if (!next || build !== document.documentElement.dataset.kampBuild) {
    location.assign(url.href);
    return null;
  }
  return { doc, next };
}

async function go(url, push) {
  memory.flush(); // what the page's tables hold now is kept before they go
  say(words('running'));
  const fetched = await fetchPage(url, push);
  if (!fetched) return;
  const { doc, next } = fetched;
  if (push) history.pushState({}, '', url.href);
  boot.followTheme();
  shownAt = url.pathname + url.search;
  document.title = doc.title;
  manager.detachAll();
  document.getElementById('kamp-page').replaceWith(document.adoptNode(next));
  const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)));
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  await runPage();
}

document.addEventListener('click', (event) => {
  const link = event.target.closest && event.target.closest('a[href]');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
      || event.shiftKey || event.altKey || link.target || link.hasAttribute('download')) return;
  const url = ourPage(new URL(link.href, location.href));
  if (!url) return;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) {
    return; // a place on this page
  }
  event.preventDefault();
  go(url, true);
});
// Back and Forward between pages run the page the address names (its tables come back from
// the learner's memory); between places on one page (a heading's ¶ link, then Back) they only
// move: the page's Python and a drill's answer stay as they are.
window.addEventListener('popstate', () => {
  if (location.pathname + location.search === shownAt) return;
  go(new URL(location.href), false);
});

runPage();
