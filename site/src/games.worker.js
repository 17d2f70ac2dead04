// The explorations' games: a Python of its own in a module worker, so the page's Python (the
// kernel worker) stays free for the learner while bots play hundreds of games.
//
// The page's Python starts this worker (kamplib.site.background.WorkerJobs) at the address the
// page script gave it (main.js: `KAMP_GAMES_WORKER`); its first message says what the worker
// loads: Pyodide, its standard library, and kamplib's wheel alone (the engine is standard
// library only: no ipywidgets, no IPython).  Each message after it, `{id, name, args}`, is one
// job of kamplib.jobs.JOBS with its arguments as JSON; the answer is `{id, result}`
// (JSON text) or `{id, error}`.  Jobs run one after another; a Python that cannot start answers
// every job with the reason.
import moreModules from './more_modules.py';

async function start(settings) {
  const { loadPyodide } = await import(settings.pyodide);
  const pyodide = await loadPyodide({
    indexURL: settings.pyodide.replace(/[^/]*$/, ''),
    lockFileURL: settings.lock,
    stdLibURL: settings.stdlib,
    packageBaseUrl: settings.packages,
    packages: [],
    stdout: (line) => console.debug('[games]', line),
    stderr: (line) => console.warn('[games]', line),
  });
  if (settings.more) {
    const names = await (await fetch(settings.more.names)).json();
    pyodide.runPython(moreModules);
    pyodide.globals.get('install_more_modules')(settings.more.archive, names);
  }
  // the wheel by its address: its dependencies in the lock (ipywidgets …) are the page's, not
  // the games'
  await pyodide.loadPackage(settings.wheel, { messageCallback: () => {} });
  return pyodide.pyimport('kamplib.jobs').run_job_json;
}

let python = Promise.reject(new Error('the games worker was not told what to load'));
python.catch(() => {});
let queue = Promise.resolve();

self.addEventListener('message', (event) => {
  const { settings, id, name, args } = event.data || {};
  if (settings !== undefined) {
    python = start(JSON.parse(settings));
    python.catch((error) => console.error('[games]', error));
    return;
  }
  queue = queue.then(async () => {
    try {
      const run = await python;
      self.postMessage({ id, result: run(name, args) });
    } catch (error) {
      self.postMessage({ id, error: String(error && error.message ? error.message : error) });
    }
  });
});
