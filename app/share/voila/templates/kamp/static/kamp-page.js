// The kamp course page's own script (app/share/voila/templates/kamp/index.html.j2).  It is a
// file, not inline, because the pages' Content-Security-Policy runs no inline script
// (app/kampapp/guard.py); what it needs from the server is in the page's JSON block
// #kamp-page-data (texts in both languages, times).
//
// The cells stay hidden until Voilà's front end runs (its theme plugin sets `themeLoaded`, its
// main sets `jupyterapp`): before that the outputs and widgets are not drawn.  A front end that
// fails (its script, or its start) or is slow to start gets the learner a message with a way to
// try again, and the page still shows itself if the front end starts later.  A page whose
// widgets have no kernel (it was gone when the page connected, it died or was restarted, the
// server went away) says so above the cells within a few seconds and takes no more clicks.
(function () {
  'use strict';
  const byId = function (id) { return document.getElementById(id); };
  let data = {};
  try { data = JSON.parse(byId('kamp-page-data').textContent); } catch (error) { data = {}; }
  // after the cells have arrived, before "taking longer" shows (CourseApp.front_end_patience)
  const PATIENCE_MS = data.patience_ms || 30000;
  const ALIVE_MS = data.alive_ms || 10000;  // kernels.alive_every
  // a connection that is not back this soon is lost: the table says so and takes no clicks
  const LOST_AFTER_MS = data.lost_after_ms || 2500;
  // the widget-view mime type in two parts, so the page's HTML names it only in cell outputs
  // (tests/test_app_browser.py counts the views a page must show by it)
  const VIEW = ['application/vnd.jupyter', 'widget-view+json'].join('.');
  const texts = data.texts || {};
  const asked = new URLSearchParams(window.location.search).get('lang');
  const lang = Object.prototype.hasOwnProperty.call(texts, asked) ? asked : 'nb';
  const say = texts[lang] || {};
  document.documentElement.lang = lang;
  const title = byId('kamp-loading-title');
  if (title && say.app_loading) { title.textContent = say.app_loading; }
  document.querySelectorAll('.kamp-try-again').forEach(function (again) {
    if (say.word_try_again) { again.textContent = say.word_try_again; }
  });
  const front = document.querySelector('#kamp-loading-problem .kamp-to-front');
  if (front && say.app_to_front) {
    front.textContent = say.app_to_front;
    if (lang !== 'nb') { front.href += '?lang=' + lang; }
  }
  const lostText = byId('kamp-lost-text');
  if (lostText && say.app_lost) { lostText.textContent = say.app_lost; }
  window.voila_heartbeat = function () {};

  const cookie = function (name) {
    const found = document.cookie.split('; ').find(function (c) { return c.startsWith(name + '='); });
    return found ? decodeURIComponent(found.slice(name.length + 1)) : '';
  };
  // Tell the server this page is open (app/kampapp/kernels.py), from its first cell on: a slow
  // browser may take long to load the scripts and connect to its kernel.  The call carries the
  // page's cookie and xsrf token: only the browser that opened the kernel may keep it.
  let alive = null;
  const sayThere = function () {
    if (alive !== null) { return; }
    let config = {};
    try { config = JSON.parse(byId('jupyter-config-data').textContent); } catch (error) { return; }
    if (!config.kernelId) { return; }
    const url = (config.baseUrl || '/') + 'voila/kamp/alive/' + config.kernelId;
    const there = function () {
      fetch(url, {
        method: 'POST', keepalive: true, credentials: 'same-origin',
        headers: {'X-XSRFToken': cookie('_xsrf')},
      }).then(function (reply) {
        if (reply.status === 404) { clearInterval(alive); }
      }).catch(function () {});
    };
    alive = setInterval(there, ALIVE_MS);
    there();
  };
  window.update_loading_text = function (index, count, text) {
    sayThere();
    const step = byId('loading_text');
    const done = byId('kamp-loading-done');
    if (done && count) { done.style.width = Math.round(100 * index / count) + '%'; }
    if (step) {
      step.textContent = text || (say.app_progress || '')
        .replace('{index}', index).replace('{count}', count);
    }
  };
  // Each cell arrives as a <div cell-index="i" data-cell-count="n"> (no inline script says so);
  // this script stands above the cells, so they are looked for as they come
  const cellsBox = function () { return byId('rendered_cells'); };
  if (document.body && window.MutationObserver) {
    const progress = new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        change.addedNodes.forEach(function (node) {
          if (node.nodeType === 1 && node.hasAttribute('cell-index')) {
            window.update_loading_text(Number(node.getAttribute('cell-index')),
              Number(node.getAttribute('data-cell-count')) || 0);
          }
        });
      });
    });
    progress.observe(document.body, {childList: true, subtree: true});
    document.addEventListener('DOMContentLoaded', function () { progress.disconnect(); });
  }

  // What the page's widgets ask of the page as they are drawn: the tab's title in the
  // learner's language (the head's data-kamp-title, kamplib/site/pages.py; Voilà would show
  // the notebook's file name), and a file a «Lagre» button made, downloaded at once so one
  // click saves (a.kamp-download-now, kamplib/draw/download.py: each file's token once).
  const followTitle = function (node) {
    const head = node.matches('[data-kamp-title]') ? node : node.querySelector('[data-kamp-title]');
    const title = head && head.getAttribute('data-kamp-title');
    if (title && document.title !== title) { document.title = title; }
  };
  const downloaded = new Set();
  const downloadNow = function (node) {
    const links = node.matches('a.kamp-download-now') ? [node]
      : node.querySelectorAll('a.kamp-download-now');
    links.forEach(function (link) {
      const token = link.getAttribute('data-kamp-now');
      if (!token || downloaded.has(token)) { return; }
      downloaded.add(token);
      link.click();
      link.textContent = link.getAttribute('data-kamp-again') || link.textContent;
    });
  };
  if (document.body && window.MutationObserver) {
    new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        const nodes = change.type === 'attributes' ? [change.target] : change.addedNodes;
        nodes.forEach(function (node) {
          if (node.nodeType === 1) { followTitle(node); downloadNow(node); }
        });
      });
    }).observe(document.body, {childList: true, subtree: true, attributes: true,
      attributeFilter: ['data-kamp-title']});
  }

  let watcher = null;
  let failed = false;
  let views = 0;  // widget views the cells announce, counted before the front end draws them
  const started = function () { return Boolean(window.themeLoaded || window.jupyterapp); };
  // The learner's memory (kamplib/widgets/memory.py, kept by the shared kamp-memory.js): each
  // table, score sheet and drill keeps what the learner did in a hidden field, which goes to
  // this browser's localStorage on every change (never to a server); the next load of the same
  // page (a reload, Back, «Prøv igjen» after a lost kernel) gives each its own back.  A browser
  // that cannot store says so once, and the page works as before.
  const pagePath = function () {  // /voila/render/tutorial/02-pass.ipynb -> tutorial/02-pass.ipynb
    const at = location.pathname.indexOf('/voila/render/');
    return at < 0 ? '' : decodeURIComponent(location.pathname.slice(at + '/voila/render/'.length));
  };
  const notKept = function () {
    const column = document.querySelector('.kamp-column') || document.body;
    if (!column || byId('kamp-not-kept')) { return; }
    const note = document.createElement('p');
    note.id = 'kamp-not-kept';
    note.className = 'kamp-not-kept';
    note.setAttribute('role', 'status');
    note.textContent = say.memory_not_kept || '';
    column.insertBefore(note, column.firstChild);
  };
  const memory = window.kampMemory;
  if (window.kampStore) {
    window.kampStore.onNotKept(function () {
      if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', notKept);
      } else { notKept(); }
    });
  }

  let isLost = false;
  const lost = function () {
    if (isLost) { return; }
    isLost = true;
    if (memory) { memory.flush(); }
    document.body.classList.add('kamp-lost-state');  // kamp.css: the cells take no clicks
    const bar = byId('kamp-lost');
    if (bar) { bar.hidden = false; }
    document.dispatchEvent(new CustomEvent('kamp-lost'));
  };
  const watchKernel = function () {  // once Voilà's main has finished (window.jupyterapp)
    const look = setInterval(function () {
      const app = window.jupyterapp;
      if (!app) { return; }
      clearInterval(look);
      const manager = app.widgetManager;
      if (!manager || !manager.kernel) {  // the views were drawn as their Python text: hide
        if (views > 0) { document.body.classList.add('kamp-no-kernel'); lost(); }
        return;
      }
      let away = null;  // the timer that declares the connection lost
      manager.kernel.connectionStatusChanged.connect(function (_, status) {
        if (status === 'connected') {
          if (away !== null) { clearTimeout(away); away = null; }
        } else if (status === 'disconnected') {
          lost();
        } else if (away === null) {  // reconnecting: a blip comes back at once, a loss does not
          away = setTimeout(lost, LOST_AFTER_MS);
        }
      });
      manager.kernel.statusChanged.connect(function (_, status) {
        if (['dead', 'restarting', 'autorestarting'].includes(status)) { lost(); }
      });
      if (manager.kernel.connectionStatus !== 'connected') {
        away = setTimeout(function () {
          if (manager.kernel.connectionStatus !== 'connected') { lost(); }
        }, LOST_AFTER_MS);
      }
    }, 250);
  };
  // No click reaches a cell of a page that has lost its kernel (capture: before any widget).
  ['click', 'pointerdown', 'keydown', 'change', 'input'].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      const cells = cellsBox();
      if (isLost && cells && cells.contains(event.target)) {
        event.stopImmediatePropagation();
        event.preventDefault();
      }
    }, true);
  });
  // A file over a file button's limit (its class kamp-max-bytes-N, kamplib/widgets/base.py) is
  // refused here, before a byte of it is sent to the kernel; the learner reads why, in kB or MB.
  const sizeText = function (bytes) {  // as kamplib.i18n.ByteSize words it: rounded up
    if (bytes < 1000) { return bytes + (lang === 'nb' || bytes === 1 ? ' byte' : ' bytes'); }
    const [unit, step] = bytes < 1e6 ? ['kB', 1e3] : ['MB', 1e6];
    const tenths = Math.ceil(bytes * 10 / step);
    let digits = tenths < 100 ? (tenths / 10).toFixed(1) : String(Math.ceil(tenths / 10));
    if (digits.endsWith('.0')) { digits = digits.slice(0, -2); }
    return (lang === 'nb' ? digits.replace('.', ',') : digits) + ' ' + unit;
  };
  // ipywidgets' file button keeps its <input type=file> outside the page, so the guard goes on
  // every input as it is made (before the widget's own listener: it can stop that one), and the
  // button last clicked says which limit holds.
  let lastUpload = null;
  document.addEventListener('click', function (event) {
    const button = event.target.closest && event.target.closest('[class*="kamp-max-bytes-"]');
    if (button) { lastUpload = button; }
  }, true);
  const guardFiles = function (event) {
    const input = event.target;
    if (!input || input.type !== 'file' || !input.files) { return; }
    const holder = (input.closest && input.closest('[class*="kamp-max-bytes-"]')) || lastUpload;
    if (!holder) { return; }
    const mark = [...holder.classList].find(function (c) { return c.startsWith('kamp-max-bytes-'); });
    const limit = Number(mark.slice('kamp-max-bytes-'.length));
    const old = holder.parentElement && holder.parentElement.querySelector('.kamp-upload-refused');
    if (old) { old.remove(); }
    const big = [...input.files].find(function (file) { return file.size > limit; });
    if (!big) { return; }
    event.stopImmediatePropagation();  // the widget never reads it
    input.value = '';
    const note = document.createElement('p');
    note.className = 'kamp-upload-refused';
    note.setAttribute('role', 'alert');
    note.textContent = (say.app_file_too_big || '').replace('{name}', big.name)
      .replace('{size}', sizeText(big.size)).replace('{limit}', sizeText(limit));
    holder.insertAdjacentElement('afterend', note);
  };
  const makeElement = document.createElement.bind(document);
  document.createElement = function (tag, options) {
    const element = makeElement(tag, options);
    if (String(tag).toLowerCase() === 'input') { element.addEventListener('change', guardFiles); }
    return element;
  };
  document.addEventListener('change', guardFiles, true);  // an input in the page itself

  let shown = false;
  const show = function () {
    if (watcher !== null) { clearInterval(watcher); }
    if (shown) { return; }
    shown = true;
    watchKernel();
    if (memory) { memory.watch(pagePath); }
    const loading = byId('loading');
    if (loading) { loading.parentNode.removeChild(loading); }
    const cells = cellsBox();
    if (cells) { cells.style.display = ''; }
  };
  const offer = function (code, titleCode) {
    const box = byId('kamp-loading-problem');
    const words = byId('kamp-loading-problem-text');
    if (!box || !words || !byId('loading')) { return; }
    words.textContent = say[code] || '';
    if (titleCode && title) { title.textContent = say[titleCode] || title.textContent; }
    box.hidden = false;
  };
  const fail = function () {
    if (started() || !byId('loading')) { return; }
    failed = true;
    document.querySelectorAll('.kamp-loading-bar, #loading_text').forEach(function (el) {
      el.hidden = true;  // no progress to show: it stopped
    });
    offer('app_failed', 'app_error_title');
  };
  window.display_cells = function () {
    sayThere();
    if (!window.cellLoaded) {  // Voilà draws each output where its script stands
      const outputs = [...document.querySelectorAll(
        'script[type="application/vnd.voila.cell-output+json"]')]
        .filter(function (output) { return output.textContent.includes(VIEW); });
      outputs.forEach(function (output) { output.parentElement.classList.add('kamp-view'); });
      views = outputs.length;
    }
    window.cellLoaded = true;
    if (started()) { show(); return; }
    if (watcher !== null) { return; }
    const since = Date.now();
    watcher = setInterval(function () {
      if (started()) { show(); }
      else if (!failed && Date.now() - since > PATIENCE_MS) { offer('app_slow'); }
    }, 500);
  };
  window.addEventListener('error', function (event) {  // a script that did not load
    const source = event.target && event.target.src;
    if (source && /\/voila\.js$/.test(source.split('?')[0])) { fail(); }
  }, true);
  window.addEventListener('unhandledrejection', fail);  // Voilà's start gave up
  window.voila_process = window.update_loading_text;
  window.voila_finish = window.display_cells;
})();
