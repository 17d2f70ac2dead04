// The page's side of the service worker (sw.js): registering it, hearing how far keeping the
// course has come, and telling the learner when a new version is ready.
//
// The footer says what the browser keeps (saving, saved, or why it cannot).  When the course has
// just been saved, a line at the top of the page says it once, in the page's flow (it covers
// nothing the learner is doing: on a phone a notice over the page hid the score sheet's result)
// until it is closed or the next page is shown.  A notice at the bottom of the window offers
// «Oppdater» when a newer build has installed.  Updating reloads every tab of the course, so none
// runs files of two builds.

const UPDATE_EVERY_MS = 60_000; // a long visit asks the server for a newer build this often

export function offline({ at, root, words, state }) {
  const footer = document.getElementById('kamp-offline');
  const notice = document.getElementById('kamp-notice');
  const savedLine = document.getElementById('kamp-saved');
  const build = document.documentElement.dataset.kampBuild;
  let registration = null;
  let lastCheck = Date.now();

  let said = [null, {}]; // what the footer says, to say again in another language
  const note = (name, params = {}) => {
    said = [name, params];
    footer.textContent = name ? words(name, params) : '';
    footer.dataset.state = name || '';
  };

  /** In `box` (the notice at the bottom, or the saved line): `line`, and a button doing `act`
   *  (or closing it). */
  function tell(box, line, button, act) {
    const text = document.createElement('span');
    text.textContent = line;
    const press = document.createElement('button');
    press.type = 'button';
    press.className = 'kamp-notice-button';
    press.textContent = button;
    press.addEventListener('click', () => {
      box.hidden = true;
      if (act) act();
    });
    box.replaceChildren(text, press);
    box.hidden = false;
  }

  function updateReady() {
    const waiting = registration && registration.waiting;
    if (!waiting || !navigator.serviceWorker.controller) return;
    state.update = 'ready';
    tell(notice, words('update_ready'), words('update'),
      () => waiting.postMessage({ type: 'update' }));
  }

  function heard(event) {
    const message = event.data || {};
    if (message.build !== build) return; // the worker of another build (a newer one installing)
    if (message.type === 'status') {
      if (message.saved) {
        state.saved = true;
        note('saved');
      } else {
        navigator.serviceWorker.controller.postMessage({ type: 'save' });
      }
    } else if (message.type === 'saving') {
      note('saving', { percent: Math.floor((100 * message.done) / message.total) });
    } else if (message.type === 'saved') {
      const fresh = !state.saved;
      state.saved = true;
      note('saved');
      if (fresh) tell(savedLine, words('saved'), words('close'));
    } else if (message.type === 'save-failed') {
      state.saveFailed = message.reason;
      note(message.reason === 'quota' ? 'save_quota' : 'save_failed');
    }
  }

  /** Register the worker; resolves once it controls this page (or it cannot, or after a
   *  moment: the page never waits long for it). */
  async function start() {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) {
      note('no_offline');
      return;
    }
    navigator.serviceWorker.addEventListener('message', heard);
    let current = navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      // the first worker taking over a first visit changes nothing; a newer one reloads
      if (current) location.reload();
      current = navigator.serviceWorker.controller;
    });
    try {
      registration = await navigator.serviceWorker.register(at('sw.js'),
        { scope: root.href, updateViaCache: 'none' });
    } catch (error) {
      console.warn('[offline]', error);
      note('save_failed');
      return;
    }
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      if (installing) installing.addEventListener('statechange', updateReady);
    });
    updateReady();
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
        setTimeout(resolve, 4000);
      });
    }
  }

  /** The page is shown: keep the rest of the course, if that is not done. */
  function pageShown() {
    note(...said);
    savedLine.hidden = true; // said once; the footer goes on saying it
    const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controller) controller.postMessage({ type: 'status' });
    if (registration && Date.now() - lastCheck > UPDATE_EVERY_MS) {
      lastCheck = Date.now();
      registration.update().catch(() => {}); // offline: nothing to hear
    }
  }

  return { start, pageShown };
}
