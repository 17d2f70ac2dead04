// ipywidgets 8 on a plain page: @jupyter-widgets/base-manager wired to our Kernel.
//
// The course's widgets are stock controls (buttons, HTML, boxes, text, dropdowns, upload), so
// the manager knows the base and controls modules and nothing else.
import * as base from '@jupyter-widgets/base';
import * as controls from '@jupyter-widgets/controls';
import { ManagerBase } from '@jupyter-widgets/base-manager';
import { Widget } from '@lumino/widgets';
import '@jupyter-widgets/controls/css/widgets-base.css';
import '@jupyter-widgets/controls/css/labvariables.css';

const MODULES = { '@jupyter-widgets/base': base, '@jupyter-widgets/controls': controls };

/** The comm interface ipywidgets' models talk through (IClassicComm). */
class Comm {
  constructor(kernel, commId, targetName) {
    this.kernel = kernel;
    this.comm_id = commId;
    this.target_name = targetName;
    this.handleMsg = null;
    this.handleClose = null;
  }

  _send(type, content, callbacks, metadata, buffers) {
    this.kernel.comm(type, content, metadata, buffers).then((msg) => {
      // A widget model counts its messages in flight and holds back further updates until
      // the kernel reports idle for each: tell it, once the kernel has handled this one.
      const status = callbacks && callbacks.iopub && callbacks.iopub.status;
      if (status) {
        status({
          header: { msg_type: 'status' }, parent_header: msg.header,
          content: { execution_state: 'idle' },
        });
      }
    }, (error) => console.error('[widgets]', error));
    return '';
  }

  open(data, callbacks, metadata, buffers) {
    const content = { comm_id: this.comm_id, target_name: this.target_name, data };
    return this._send('comm_open', content, callbacks, metadata, buffers);
  }

  send(data, callbacks, metadata, buffers) {
    return this._send('comm_msg', { comm_id: this.comm_id, data }, callbacks, metadata, buffers);
  }

  close(data, callbacks, metadata, buffers) {
    return this._send('comm_close', { comm_id: this.comm_id, data }, callbacks, metadata, buffers);
  }

  on_msg(callback) { this.handleMsg = callback; }

  on_close(callback) { this.handleClose = callback; }
}

export class Manager extends ManagerBase {
  constructor(kernel) {
    super();
    this.kernel = kernel;
    this.comms = new Map();
    this.shown = new Set(); // top-level views on the page now
    kernel.onComm = (msg) => this._route(msg);
  }

  _route(msg) {
    const id = msg.content.comm_id;
    const type = msg.header.msg_type;
    if (type === 'comm_open') {
      const comm = new Comm(this.kernel, id, msg.content.target_name);
      this.comms.set(id, comm);
      if (comm.target_name === 'jupyter.widget') this.handle_comm_open(comm, msg);
      return;
    }
    const comm = this.comms.get(id);
    if (!comm) return;
    if (type === 'comm_msg') {
      if (comm.handleMsg) comm.handleMsg(msg);
    } else {
      this.comms.delete(id);
      if (comm.handleClose) comm.handleClose(msg);
    }
  }

  async loadClass(className, moduleName, moduleVersion) {
    const module = MODULES[moduleName];
    if (module && module[className]) return module[className];
    throw new Error(`no widget ${moduleName}@${moduleVersion} ${className} in this site`);
  }

  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = new Comm(this.kernel, modelId, targetName);
    this.comms.set(modelId, comm);
    if (data !== undefined) comm.open(data, undefined, metadata, buffers);
    return comm;
  }

  async _get_comm_info() {
    return {}; // a fresh kernel: there are no widgets to pick up from an earlier page load
  }

  /** Show the widget `modelId` inside `element`. */
  async show(modelId, element) {
    const model = await this.get_model(modelId);
    const view = await this.create_view(model, {});
    Widget.attach(view.luminoWidget, element);
    this.shown.add(view);
    return view;
  }

  /** Take every view off the page before its elements go (Lumino detaches only what is in the
   *  document; the models are closed by the kernel afterwards). */
  detachAll() {
    for (const view of this.shown) {
      if (view.luminoWidget.isAttached) Widget.detach(view.luminoWidget);
    }
    this.shown.clear();
  }
}
