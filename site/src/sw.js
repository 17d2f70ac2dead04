// The course's service worker: the whole site of one build kept in the browser, for use
// without a network.
//
// scripts/build_site.py writes `self.KAMP = {build, files}` above this text: the build's id and
// every file of the site with the sha256 of its content.  One cache per build holds them.
//
// - A file of this build is answered from the cache; one not yet there is fetched, answered and
//   kept.  A page whose content is not this build's (the server has a newer one) is answered
//   but not kept: the page script then loads it whole, and the newer build installs beside.
// - The first visit keeps what the first page downloads; once that page is shown, the page
//   asks for the rest ("save") and hears how far it has come and when all is kept.
// - A newer build (this file's bytes differ) installs beside the running one and fetches only
//   files whose content is new (the rest is copied from the older cache); it waits until the
//   learner chooses «Oppdater», then takes over every tab, which reloads, and the older cache
//   is deleted.  So a tab never runs files of two builds.
const { build, files } = self.KAMP;
const PREFIX = 'kamp-';
const CACHE = `${PREFIX}${build}`;
const INDEX = '.kamp-files.json'; // in each cache: its build's files and their hashes
const scope = new URL(self.registration.scope);
const address = (path) => new URL(path, scope).href;
const PARALLEL = 3; // files fetched at once while saving

/** The file of this build a request is for (a page's address without its query), or null. */
function fileOf(url) {
  const at = new URL(url);
  if (at.origin !== scope.origin || !at.pathname.startsWith(scope.pathname)) return null;
  const path = at.pathname.slice(scope.pathname.length) || 'index.html';
  return Object.hasOwn(files, decodeURIComponent(path)) ? decodeURIComponent(path) : null;
}

async function sha256(response) {
  const digest = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keep `response` as `path` if its content is this build's (a file under static/ is named by
 *  its content's hash already; a page is checked). */
async function keep(cache, path, response) {
  if (!path.startsWith('static/') && (await sha256(response.clone())) !== files[path]) {
    self.registration.update(); // the server has another build: let it install
    return false;
  }
  await cache.put(address(path), response);
  return true;
}

async function answer(event, path) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(address(path));
  if (kept) return kept;
  const reply = await fetch(event.request);
  if (reply.ok) event.waitUntil(keep(cache, path, reply.clone()).catch(() => false));
  return reply;
}

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  const path = fileOf(event.request.url);
  if (path) event.respondWith(answer(event, path));
});

// --- keeping the whole build -------------------------------------------------------------------

/** The paths of this build not in its cache yet. */
async function missing(cache) {
  const have = new Set((await cache.keys()).map((request) => request.url));
  return Object.keys(files).filter((path) => !have.has(address(path)));
}

/** Files of the same content in the caches of older builds: hash -> [cache, path]. */
async function older() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const index = await cache.match(address(INDEX));
    if (!index) continue;
    for (const [path, hash] of Object.entries(await index.json())) found.set(hash, [cache, path]);
  }
  return found;
}

/** Keep every file of this build; `report(done, total)` hears each one. */
async function fill(report) {
  const cache = await caches.open(CACHE);
  await cache.put(address(INDEX), new Response(JSON.stringify(files),
    { headers: { 'Content-Type': 'application/json' } }));
  const need = await missing(cache);
  const total = Object.keys(files).length;
  let done = total - need.length;
  report(done, total);
  const copies = await older();
  const queue = [];
  for (const path of need) {
    const copy = copies.get(files[path]);
    const old = copy && (await copy[0].match(address(copy[1])));
    if (old) {
      await cache.put(address(path), old);
      report(++done, total);
    } else {
      queue.push(path);
    }
  }
  const worker = async () => {
    while (queue.length) {
      const path = queue.shift();
      const reply = await fetch(address(path), { cache: 'no-cache' });
      if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
      if (!(await keep(cache, path, reply))) throw new Error(`${path}: another build`);
      report(++done, total);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

async function tellAll(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

let saving = null; // one save at a time, whoever asks

function save() {
  saving ??= fill((done, total) => tellAll({ type: 'saving', build, done, total }))
    .then(() => tellAll({ type: 'saved', build }),
      (error) => tellAll({ type: 'save-failed', build,
        reason: error && error.name === 'QuotaExceededError' ? 'quota' : 'network' }))
    .finally(() => { saving = null; });
  return saving;
}

self.addEventListener('message', (event) => {
  const { type } = event.data || {};
  if (type === 'save') {
    event.waitUntil(save());
  } else if (type === 'status') {
    event.waitUntil(caches.open(CACHE).then(missing).then((left) => event.source.postMessage(
      { type: 'status', build, saved: left.length === 0, missing: left.length })));
  } else if (type === 'update') {
    self.skipWaiting();
  }
});

// --- one build after another -------------------------------------------------------------------

self.addEventListener('install', (event) => {
  // The first build a browser meets takes over at once and keeps what the page downloads; a
  // newer one first has every file, so that «Oppdater» never needs the network.
  if (self.registration.active) event.waitUntil(fill(() => {}));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});
