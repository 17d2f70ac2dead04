// The course's Python: JupyterLite's Pyodide kernel in a module worker, started for what the
// pages need and nothing else.
//
// @jupyterlite/pyodide-kernel's own worker also sets up a package manager (micropip and
// piplite, for `%pip` cells), a drive for JupyterLab's file browser, and `input()` through
// JupyterLite's service worker.  A course page has none of those: the learner never types code
// and the pages read no files from a server.  This worker keeps the kernel itself (IPython's
// shell, display and comm messages, as the page script drives them) and, before the kernel,
// installs the finder for modules the site left out of the first download (more_modules.py).
import { expose } from 'comlink';
import { PyodideRemoteKernel } from '@jupyterlite/pyodide-kernel/lib/worker.js';
import moreModules from './more_modules.py';

class CourseKernel extends PyodideRemoteKernel {
  constructor() {
    super();
    // as the package's comlink worker: messages comlink itself does not read
    this._sendWorkerMessage = (msg) => postMessage({ _kernelMessage: msg });
    this._logMessage = (msg) => postMessage({ _logMessage: msg });
  }

  async initFilesystem() {} // no drive: the pages read and write no files on a server

  async initPackageManager() {} // no %pip: the wheels the pages need are in the site's lock

  async initKernel(options) {
    const { more } = options;
    if (more) {
      const names = await (await fetch(more.names)).json();
      this._pyodide.runPython(moreModules);
      this._pyodide.globals.get('install_more_modules')(more.archive, names);
    }
    await this._pyodide.runPythonAsync('import pyodide_kernel');
  }

  sendInputRequest() {
    return undefined; // input() has no one to ask: no page calls it
  }
}

expose(new CourseKernel());
