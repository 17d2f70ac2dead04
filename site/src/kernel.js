// One Python for the whole visit: JupyterLite's Pyodide kernel worker, driven without JupyterLab.
//
// The worker (kernel.worker.js: @jupyterlite/pyodide-kernel's kernel, started for the course)
// loads Pyodide, the wheels the site's lock lists, and IPython's kernel shim.  We call its
// methods over comlink and get its output and comm messages back as worker messages, each
// naming the request it answers.
import { wrap } from 'comlink';

/**
 * A Jupyter message as JSON has it: Pyodide turns Python's None into `undefined`, which JSON
 * has not and a widget model reads as "no value given" (so `layout.display = None`, which
 * shows a hidden box, would change nothing).  Binary buffers pass untouched.
 */
export function asJson(value) {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(asJson);
  if (value !== null && typeof value === 'object'
      && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asJson(item)]));
  }
  return value;
}

let counter = 0;
const uid = () => `kamp-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export class Kernel {
  /**
   * @param {string} workerUrl  the kernel worker script
   * @param {object} options    what the worker's `initialize` takes (URLs, packages, ...)
   */
  constructor(workerUrl, options) {
    this.session = uid();
    this.outputs = new Map(); // msg_id of an execute request -> (type, bundle) => void
    this.onComm = () => {};
    this.onLog = () => {};
    this.worker = new Worker(workerUrl, { type: 'module' });
    this.worker.addEventListener('message', (event) => {
      const data = event.data || {};
      if (data._kernelMessage) this._received(data._kernelMessage);
      else if (data._logMessage) this.onLog(String(data._logMessage.data));
    });
    // a worker whose script cannot load or run says so only by an error event
    const broken = new Promise((_, reject) => {
      this.worker.addEventListener('error', (event) => {
        reject(new Error(`the kernel worker failed: ${event.message || 'no script'}`));
      });
    });
    this.remote = wrap(this.worker);
    this.ready = Promise.race([this.remote.initialize(options), broken]);
    this.ready.catch(() => {}); // said by whoever waits for it
  }

  /** End the worker (and the Python in it). */
  stop() {
    this.worker.terminate();
  }

  /** A Jupyter message of our own, as the worker's kernel expects a parent to look. */
  message(type, content, metadata = {}, buffers = []) {
    return {
      header: {
        msg_id: uid(), msg_type: type, session: this.session, username: 'kamp',
        date: new Date().toISOString(), version: '5.3',
      },
      parent_header: {}, metadata, content, buffers, channel: 'shell',
    };
  }

  _received(msg) {
    const parent = msg.parentHeader || {};
    if (msg.type.startsWith('comm_')) {
      this.onComm({
        header: { msg_type: msg.type }, parent_header: parent, content: asJson(msg.content),
        metadata: asJson(msg.metadata || {}), buffers: msg.buffers || [],
      });
      return;
    }
    const output = this.outputs.get(parent.msg_id);
    if (output) output(msg.type, asJson(msg.bundle));
  }

  /** Run code; `output(type, bundle)` gets its display, stream and error messages. */
  async execute(code, output = () => {}) {
    await this.ready;
    const msg = this.message('execute_request', {
      code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false,
      stop_on_error: true,
    });
    this.outputs.set(msg.header.msg_id, output);
    try {
      return await this.remote.execute(msg.content, msg);
    } finally {
      this.outputs.delete(msg.header.msg_id);
    }
  }

  /** Send a comm message (open, msg, close); resolves once the kernel has handled it. */
  async comm(type, content, metadata, buffers) {
    await this.ready;
    const msg = this.message(type, content, metadata || {}, buffers || []);
    const method = { comm_open: 'commOpen', comm_msg: 'commMsg', comm_close: 'commClose' }[type];
    await this.remote[method](msg, msg);
    return msg;
  }
}
