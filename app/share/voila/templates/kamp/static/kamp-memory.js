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
// and its learner fields (`.kamp-learner`).  A memory field that appears is given back what
// was kept for its page and slot (schema kamp-memory/2: `{"schema", "restore": kept}`; Python
// replays a round's record through the engine, or refuses it and keeps its fresh one); from
// then on whatever Python puts in it is kept, on every change.  A learner field is given the
// learner's data (kamp-learner/1) and whatever Python writes there is kept as the learner's.
(function (root) {
  'use strict';
  if (root.kampStore) { return; }
  const PAGE_SCHEMA = 'kamp-memory/2';
  const LEARNER_KEY = 'kamp-learner/1';
  const MAX_CHARS = 2000000;  // a whole Sjukamp record is about 30 kB: anything bigger is not ours
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

  const learnerField = function (input) {
    let field = fields.get(input);
    if (!field) {
      field = {key: LEARNER_KEY, asked: null, saved: null};
      fields.set(input, field);
      field.asked = JSON.stringify({schema: LEARNER_KEY, restore: store.get(LEARNER_KEY) || ''});
      put(input, field.asked);
      return;
    }
    if (field.asked !== null) {
      if (input.value === field.asked) { return; }
      field.asked = null;
    }
    const value = input.value;
    if (value && value !== field.saved && value.length <= MAX_CHARS
        && (readJson(value) || {}).schema === LEARNER_KEY) {
      field.saved = value;
      if (value !== store.get(LEARNER_KEY)) {
        store.set(LEARNER_KEY, value);
        // the page's other learner fields (another widget of the same page) hear of it
        document.querySelectorAll('.kamp-learner input').forEach(function (other) {
          const theirs = fields.get(other);
          if (other !== input && theirs && theirs.asked === null && other.value !== value) {
            theirs.asked = JSON.stringify({schema: LEARNER_KEY, restore: value});
            theirs.saved = value;
            put(other, theirs.asked);
          }
        });
      }
    }
  };

  /** Look at every field now: give back what is kept, keep what changed. */
  const look = function () {
    document.querySelectorAll('.kamp-memory').forEach(function (holder) {
      const input = holder.querySelector('input');
      if (input) { memoryField(holder, input); }
    });
    document.querySelectorAll('.kamp-learner').forEach(function (holder) {
      const input = holder.querySelector('input');
      if (input) { learnerField(input); }
    });
  };

  root.kampMemory = {
    /** Keep the fields of the page now shown; `pagePath()` names the page (index.ipynb,
     *  tutorial/02-pass.ipynb), as kamplib.site.pages does. */
    watch: function (pagePath) {
      pathOf = pagePath;
      if (watching !== null) { return; }
      watching = setInterval(look, EVERY_MS);
      root.addEventListener('pagehide', look);
      document.addEventListener('visibilitychange', look);
      // another tab changed the learner's data: this page's fields hear of it
      root.addEventListener('storage', function (event) {
        if (event.key !== LEARNER_KEY || !event.newValue) { return; }
        document.querySelectorAll('.kamp-learner input').forEach(function (input) {
          const field = fields.get(input);
          if (field && field.asked === null && input.value !== event.newValue) {
            field.asked = JSON.stringify({schema: LEARNER_KEY, restore: event.newValue});
            field.saved = event.newValue;
            put(input, field.asked);
          }
        });
      });
    },
    /** Keep what the fields hold now (before the page is left or its widgets go). */
    flush: look,
  };
})(typeof window !== 'undefined' ? window : globalThis);
