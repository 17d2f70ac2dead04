// What the learner's browser keeps for the learner: the one bridge between the page's widgets
// and this site's localStorage, for both editions (the Voilà app loads this file as it is; the
// browser edition's bundle imports the same file, scripts/build_site.py).  Nothing goes to any
// server.  The keys are listed in kamplib/teach/store.py; a new one is added there first.
//
// `window.kampStore`: get/set/remove for one key.  A browser that cannot store (private mode
// that refuses storage, storage full, storage turned off) keeps nothing: every call still
// returns, the page works as before, and the page is told once (`onNotKept`) so it can say
// that progress is not kept.
//
// `window.kampMemory.watch(pagePath)`: the page's memory fields (kamplib/widgets/memory.py: a
// hidden text field per table, score sheet and drill, `.kamp-memory.kamp-memory-slot-<slot>`)
// and its whole-key fields (`.kamp-learner`, `.kamp-scorebook`, see WHOLE).  A memory field
// that appears is given back what was kept for its page and slot (schema kamp-memory/2:
// `{"schema", "restore": kept}`; Python replays a round's record through the engine, or
// refuses it and keeps its fresh one); from then on whatever Python puts in it is kept, on
// every change.  A whole-key field (the learner's, kamplib/widgets/learner.py; the score
// book's, kamplib/widgets/scorebook.py) is given its whole document to merge once, then newer
// copies from other tabs to take in before anything is written over them, and whatever Python
// writes there is kept.
//
// The page's address field (`.kamp-address`, kamplib/widgets/site.py: made when the learner
// first changes a choice on the page) is the other way round: Python writes the query the
// page's address should carry now (the learner's choices as the page's links carry them, and
// the page's own parameters, such as the puzzle page's kind), and the address is replaced by it
// (history.replaceState: no new history entry, nothing sent anywhere), so a reload, Back and a
// bookmark open the page with those choices; they are read from the address again by the
// page's validated parsing (kamplib/teach/choices.py), never trusted.  Only the query changes,
// and only while the address still names the page the field is on.
(function (root) {
  'use strict';
  if (root.kampStore) { return; }
  const PAGE_SCHEMA = 'kamp-memory/2';
  const LEARNER_KEY = 'kamp-learner/1';
  const MAX_CHARS = 2000000;  // a whole Sjukamp record is about 30 kB: anything bigger is not ours
  const ADDRESS_SCHEMA = 'kamp-address/1';
  const MAX_QUERY = 16384;  // kamplib/site/query.py: a longer query is not one the course wrote
  const EVERY_MS = 400;  // how often the fields are looked at (a value change fires no event)

  let told = false;
  let kept = true;
  const notKept = [];
  const cannotStore = function () {
    kept = false;
    if (told) { return; }
    told = true;
    notKept.forEach(function (listener) {
      try { listener(); } catch (error) { console.error('[memory]', error); }
    });
  };
  const storage = function () {
    const found = root.localStorage;  // may throw (storage turned off)
    if (!found) { throw new Error('no localStorage'); }
    return found;
  };
  const store = {
    /** The text kept under `key`, or null (nothing, or a browser that cannot store). */
    get: function (key) {
      try { return storage().getItem(key); } catch (error) { cannotStore(); return null; }
    },
    /** Keep `value` under `key`; false when the browser would not keep it. */
    set: function (key, value) {
      try {
        const box = storage();
        if (box.getItem(key) !== value) { box.setItem(key, value); }
        return true;
      } catch (error) { cannotStore(); return false; }
    },
    remove: function (key) {
      try { storage().removeItem(key); } catch (error) { cannotStore(); }
    },
    /** Every key that starts with `prefix`. */
    keys: function (prefix) {
      const found = [];
      try {
        const box = storage();
        for (let i = 0; i < box.length; i += 1) {
          const key = box.key(i);
          if (key && key.startsWith(prefix)) { found.push(key); }
        }
      } catch (error) { cannotStore(); }
      return found;
    },
    /** `listener()` once, when the browser first refuses to keep something. */
    onNotKept: function (listener) {
      notKept.push(listener);
      if (told) { listener(); }
    },
    get kept() { return kept; },
  };
  root.kampStore = store;

  // -- the page's fields -----------------------------------------------------------------------
  const fields = new WeakMap();  // input -> {key, asked, saved}
  let watching = null;
  let pathOf = function () { return ''; };
  let addressOf = function () { return pathOf(); };

  const slotOf = function (holder) {
    const mark = Array.from(holder.classList).find(function (c) {
      return c.startsWith('kamp-memory-slot-');
    });
    return mark ? mark.slice('kamp-memory-slot-'.length) : null;
  };
  const put = function (input, value) {  // as if typed: the widget sends it to Python
    input.value = value;
    input.dispatchEvent(new Event('input', {bubbles: true}));
  };
  const readJson = function (text) {
    if (typeof text !== 'string' || !text || text.length > MAX_CHARS) { return null; }
    try { return JSON.parse(text); } catch (error) { return null; }
  };

  const memoryField = function (holder, input) {
    let field = fields.get(input);
    if (!field) {
      const slot = slotOf(holder);
      if (slot === null) { return; }
      field = {key: PAGE_SCHEMA + ':' + pathOf() + '#' + slot, asked: null, saved: null};
      fields.set(input, field);
      const kept = readJson(store.get(field.key));
      if (kept && kept.schema === PAGE_SCHEMA) {
        field.asked = JSON.stringify({schema: PAGE_SCHEMA, restore: kept});
        field.saved = store.get(field.key);
        put(input, field.asked);
        return;
      }
    }
    if (field.asked !== null) {
      if (input.value === field.asked) { return; }  // Python has not answered yet
      field.asked = null;
    }
    const value = input.value;
    if (value && value !== field.saved && value.length <= MAX_CHARS
        && (readJson(value) || {}).schema === PAGE_SCHEMA) {
      field.saved = value;
      store.set(field.key, value);
    }
  };

  // Whole-key fields: one hidden text field on a page carries one whole stored document
  // between the browser and the page's Python (class of the field's holder, storage key,
  // the document's schema).  The first time the field is seen it is given what is kept, with
  // `how: "merge"`: Python merges it with what the page did before the browser answered.
  // It is given even when nothing is kept or the browser cannot store (`restore: ""`): that
  // first message is how the page's Python knows the browser has answered, and until then it
  // shows nothing read from the learner's data (kamplib/teach/store.py, learner_known).
  // Whenever the stored text is no longer the one this page last read or wrote (another tab
  // kept a newer copy), the field is given the new text before anything is written: with
  // `how: "replace"` (Python takes it instead of its own) when the page has no change of its
  // own waiting to be kept, else `how: "merge"` (the page's change joins the other tab's:
  // never written over it, nor it over the page's).  `seen` is the field's value as this page
  // last heard it from Python: Python merges instead of replacing when it has changed the
  // document since (its newer copy is still on its way here).  Whatever Python writes there
  // with the schema is kept.  (One such field per page: the page's Python tells its own parts.)
  const WHOLE = [
    {css: 'kamp-learner', key: LEARNER_KEY, schema: LEARNER_KEY},
    // the family's score book (kamplib/widgets/scorebook.py), issue 27
    {css: 'kamp-scorebook', key: 'kamp/1/scorebook', schema: 'kamp-scorebook/1'},
  ];
  const ask = function (input, field, text, how) {
    field.asked = JSON.stringify({schema: field.schema, restore: text || '', how: how,
                                  seen: input.value});
    put(input, field.asked);
  };
  const wholeField = function (whole, input) {
    let field = fields.get(input);
    if (!field) {
      field = {key: whole.key, schema: whole.schema, asked: null, saved: store.get(whole.key)};
      fields.set(input, field);
      ask(input, field, field.saved, 'merge');
      return;
    }
    if (field.asked !== null) {
      if (input.value === field.asked) { return; }  // Python has not answered yet
      field.asked = null;
    }
    const value = input.value;
    const mine = value !== field.saved && value.length <= MAX_CHARS
      && (readJson(value) || {}).schema === whole.schema;
    const stored = store.get(whole.key);
    if (stored !== null && stored !== field.saved) {  // another tab kept a newer copy
      field.saved = stored;
      ask(input, field, stored, mine ? 'merge' : 'replace');
      return;
    }
    if (mine) {
      field.saved = value;
      store.set(whole.key, value);
    }
  };

  // The page's address field: each new value (a JSON object, schema kamp-address/1, naming
  // the page and the query) replaces the query of the address, if it names this page.
  const addressField = function (input) {
    const value = input.value;
    if (!value || fields.get(input) === value) { return; }
    fields.set(input, value);
    const wanted = value.length <= MAX_QUERY * 2 ? readJson(value) : null;
    if (!wanted || wanted.schema !== ADDRESS_SCHEMA || typeof wanted.query !== 'string'
        || wanted.query.length > MAX_QUERY || typeof wanted.page !== 'string'
        || wanted.page !== pathOf() || wanted.page !== addressOf()) { return; }
    let url;
    try { url = new URL(root.location.href); } catch (error) { return; }
    url.search = wanted.query;  // the query only: the page and its place (#…) stay
    if (url.href === root.location.href) { return; }
    try {
      root.history.replaceState(root.history.state, '', url.href);
    } catch (error) { console.error('[memory]', error); return; }
    if (typeof root.dispatchEvent === 'function' && typeof root.CustomEvent === 'function') {
      root.dispatchEvent(new root.CustomEvent('kamp-address', {detail: url.href}));
    }
  };

  // A part of the page its Python asks to be seen (kamplib/widgets/base.py, bring_into_view: a
  // class kamp-into-view-<n>, a new n each time): the next puzzle after «Neste oppgave», and
  // (kamp-into-view-reload-<n>) a round or score sheet brought back, when the page was
  // reloaded (a reload, or the app's «Prøv igjen», a link to the page's own address; the first
  // page of the visit: Back leaves the learner at the page's top).  Scrolled to, once for each
  // n, when its top is above the screen or in the lower half of it: on a phone the learner
  // would have to hunt for it.
  const INTO_VIEW = /^kamp-into-view-(reload-)?\d+$/;
  const seenMarks = new WeakMap();  // element -> the mark last acted on
  let firstPath = null;
  const reloaded = function () {
    try {
      const entry = root.performance.getEntriesByType('navigation')[0];
      const again = entry && (entry.type === 'reload' || (entry.type === 'navigate'
        && document.referrer === root.location.href));
      return Boolean(again) && pathOf() === firstPath;
    } catch (error) { return false; }
  };
  const intoView = function () {
    document.querySelectorAll('[class*="kamp-into-view-"]').forEach(function (element) {
      const mark = Array.from(element.classList).find(function (c) { return INTO_VIEW.test(c); });
      if (!mark || seenMarks.get(element) === mark) { return; }
      seenMarks.set(element, mark);
      if (mark.startsWith('kamp-into-view-reload-') && !reloaded()) { return; }
      const top = element.getBoundingClientRect().top;
      const height = root.innerHeight || document.documentElement.clientHeight || 0;
      if (top < -2 || top > height / 2) { element.scrollIntoView({block: 'start'}); }
    });
  };

  /** Look at every field now: give back what is kept, keep what changed. */
  const look = function () {
    intoView();
    document.querySelectorAll('.kamp-address').forEach(function (holder) {
      const input = holder.querySelector('input');
      if (input) { addressField(input); }
    });
    document.querySelectorAll('.kamp-memory').forEach(function (holder) {
      const input = holder.querySelector('input');
      if (input) { memoryField(holder, input); }
    });
    WHOLE.forEach(function (whole) {
      document.querySelectorAll('.' + whole.css).forEach(function (holder) {
        const input = holder.querySelector('input');
        if (input) { wholeField(whole, input); }
      });
    });
  };

  root.kampMemory = {
    /** Keep the fields of the page now shown; `pagePath()` names the page (index.ipynb,
     *  tutorial/02-pass.ipynb), as kamplib.site.pages does, and `addressPath()` the page the
     *  address names now (the same, unless the page shown stays while the next one is fetched:
     *  the browser edition after Back). */
    watch: function (pagePath, addressPath) {
      pathOf = pagePath;
      addressOf = addressPath || pagePath;
      if (watching !== null) { return; }
      firstPath = pathOf();
      watching = setInterval(look, EVERY_MS);
      if (typeof root.MutationObserver === 'function') {  // at once, not at the next look
        new root.MutationObserver(function (changes) {
          if (changes.some(function (change) {
            return String(change.target.className || '').includes('kamp-into-view-');
          })) { intoView(); }
        }).observe(document.body, {attributes: true, attributeFilter: ['class'],
                                   subtree: true});
      }
      root.addEventListener('pagehide', look);
      document.addEventListener('visibilitychange', look);
      // another tab changed a whole key: this page's field takes it in at once (see WHOLE)
      root.addEventListener('storage', function (event) {
        if (WHOLE.some(function (w) { return w.key === event.key; })) { look(); }
      });
    },
    /** Keep what the fields hold now (before the page is left or its widgets go). */
    flush: look,
  };
})(typeof window !== 'undefined' ? window : globalThis);
