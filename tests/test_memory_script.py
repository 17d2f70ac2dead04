"""kamp-memory.js's hand-over of a whole stored document between tabs, in Node (no browser).

Two tabs of one learner share the browser's localStorage; each has the learner's hidden field
and a Python behind it (played here by the test: it writes the field's value).  What the script
must never do: write a tab's copy over a newer one another tab kept (the stars earned at the
table were lost that way, 3 Dec: the front page's tab wrote back the copy it had just taken
in, and the table's tab took that older copy in over the stars its Python had just earned), nor
write a copy back that brings nothing new.  The storage events a browser sends another tab are
queued here and delivered when the test says, as a browser delivers them: later.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

SCRIPT = (Path(__file__).resolve().parent.parent / "app" / "share" / "voila" / "templates"
          / "kamp" / "static" / "kamp-memory.js")
KEY = "kamp-learner/1"

HARNESS = r"""
const vm = require('vm');
const fs = require('fs');
const source = fs.readFileSync(process.argv[1], 'utf8');
const data = new Map();
const tabs = [];
const queued = [];
let writes = 0;
function storageOf(tab) {
  return {
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => {
      writes += 1;
      data.set(k, String(v));
      tabs.filter((t) => t !== tab).forEach((t) => queued.push([t, {key: k, newValue: String(v)}]));
    },
    removeItem: (k) => data.delete(k),
    key: (i) => [...data.keys()][i] || null,
    get length() { return data.size; },
  };
}
function openTab() {
  const listeners = {};
  const input = {value: '', asks: [], dispatchEvent() { this.asks.push(JSON.parse(this.value)); }};
  const holder = {querySelector: () => input, classList: ['kamp-learner']};
  const document = {
    querySelectorAll: (css) => (css === '.kamp-learner' ? [holder] : []),
    addEventListener() {},
  };
  class Event { constructor(type) { this.type = type; } }
  const win = {addEventListener: (name, f) => { listeners[name] = f; }};
  const tab = {input, storage: storageOf(null)};
  win.localStorage = storageOf(tab);
  vm.runInContext(source, vm.createContext({window: win, document, Event, console,
                                             setInterval: () => 1}));
  win.kampMemory.watch(() => 'index.ipynb');
  tab.look = () => win.kampMemory.flush();
  tab.python = (text) => { input.value = text; };  // what the page's Python writes
  tab.asked = () => input.asks[input.asks.length - 1];
  tab.storageEvent = (event) => listeners.storage(event);
  tabs.push(tab);
  return tab;
}
function deliver() {  // the storage events the browser has for the other tabs
  while (queued.length) { const [tab, event] = queued.shift(); tab.storageEvent(event); }
}
const doc = (n) => JSON.stringify({schema: 'kamp-learner/1', n: n});
const stored = () => data.get('kamp-learner/1') || null;
const out = {};
"""


def run(scenario: str, stored: str | None = None, harness: str = HARNESS) -> dict[str, Any]:
    """Run ``scenario`` (JavaScript using ``harness``) and return what it put in ``out``."""
    if shutil.which("node") is None:  # pragma: no cover - CI installs Node (.ci/run)
        pytest.fail("Node.js is missing: `apt-get install -y nodejs` (see .ci/run)")
    start = f"data.set({KEY!r}, {json.dumps(stored)});\n" if stored is not None else ""
    code = harness + start + scenario + "\nprocess.stdout.write(JSON.stringify(out));"
    done = subprocess.run(["node", "-e", code, str(SCRIPT)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_a_tab_that_takes_another_tabs_copy_does_not_write_it_back() -> None:
    out = run("""
        const a = openTab(), b = openTab();
        a.look(); b.look();
        out.first = [a.asked().how, a.asked().restore, b.asked().how];
        a.python(doc(1)); b.python(doc(1));  // the stored copy, as the browser spelled it
        a.look(); b.look();
        out.writes = writes;
        a.python(doc(2)); a.look();  // A earns something: kept, and B hears of it
        deliver();
        out.b = [b.asked().how, b.asked().restore, b.asked().seen];
        b.python(doc(2)); b.look(); deliver(); a.look();  // B took it: nothing to write back
        out.after = [writes, stored(), a.input.asks.length];
    """, stored='{"schema":"kamp-learner/1","n":1}')
    assert out["first"] == ["merge", '{"schema":"kamp-learner/1","n":1}', "merge"]
    assert out["writes"] == 0  # nothing new: nothing written
    assert out["b"] == ["replace", '{"schema":"kamp-learner/1","n":2}',
                        '{"schema":"kamp-learner/1","n":1}']
    assert out["after"] == [1, '{"schema":"kamp-learner/1","n":2}', 1]


def test_a_change_waiting_to_be_kept_is_merged_with_a_newer_copy_never_written_over_it() -> None:
    out = run("""
        const a = openTab(), b = openTab();
        a.look(); b.look(); a.python(doc(1)); b.python(doc(1)); a.look(); b.look();
        a.python(doc('a')); a.look();  // A keeps a change of its own
        b.python(doc('b'));  // B's Python changed too, before B's script looked again
        deliver();  // B hears of A's copy: B's change is not lost, nor written over A's
        out.stored = stored();
        out.b = [b.asked().how, b.asked().restore, b.asked().seen];
        b.python(doc('ab')); b.look();  // B's Python merged them: that is kept
        out.kept = stored();
        deliver();
        out.a = [a.asked().how, a.asked().restore];
    """, stored='{"schema":"kamp-learner/1","n":1}')
    assert out["stored"] == '{"schema":"kamp-learner/1","n":"a"}'
    assert out["b"] == ["merge", '{"schema":"kamp-learner/1","n":"a"}',
                        '{"schema":"kamp-learner/1","n":"b"}']
    assert out["kept"] == '{"schema":"kamp-learner/1","n":"ab"}'
    assert out["a"] == ["replace", '{"schema":"kamp-learner/1","n":"ab"}']


def test_a_copy_kept_while_the_page_waits_for_its_python_is_taken_in_afterwards() -> None:
    """Another tab writes while this page's first hand-over is still with its Python: the
    page's answer is not written over the newer copy; the newer copy is given to it."""
    out = run("""
        const a = openTab(), b = openTab();
        a.look(); b.look(); a.python(doc(1)); a.look();
        b.look();  // B's Python has not answered yet
        a.python(doc(2)); a.look(); deliver();
        out.waiting = b.input.asks.length;
        b.python(doc('b')); b.look();  // B's answer to the old copy: merged with the new one
        out.b = [b.asked().how, b.asked().restore, stored()];
    """)
    assert out["waiting"] == 1
    assert out["b"] == ["merge", '{"schema":"kamp-learner/1","n":2}',
                        '{"schema":"kamp-learner/1","n":2}']


ADDRESS_HARNESS = r"""
const vm = require('vm');
const fs = require('fs');
const source = fs.readFileSync(process.argv[1], 'utf8');
function openPage(href, pagePath, addressPath) {
  const input = {value: '', dispatchEvent() {}};
  const holder = {querySelector: () => input};
  const document = {
    querySelectorAll: (css) => (css === '.kamp-address' ? [holder] : []),
    addEventListener() {},
  };
  const page = {input, replaced: [], events: []};
  class CustomEvent { constructor(type) { this.type = type; } }
  const win = {
    addEventListener() {},
    location: {href},
    history: {state: {kept: 1}, replaceState(state, title, url) {
      page.replaced.push([state, url]); win.location.href = url; }},
    dispatchEvent: (event) => page.events.push(event.type),
    CustomEvent,
    localStorage: {getItem: () => null, setItem() {}, removeItem() {}, key: () => null,
                   length: 0},
  };
  vm.runInContext(source, vm.createContext({window: win, document, Event: CustomEvent, console,
                                             setInterval: () => 1, URL}));
  win.kampMemory.watch(() => pagePath, addressPath);
  page.python = (value) => { input.value = value; win.kampMemory.flush(); };
  page.href = () => win.location.href;
  return page;
}
const ask = (page, query) => JSON.stringify({schema: 'kamp-address/1', page, query});
const out = {};
"""


def run_address(scenario: str) -> dict[str, Any]:
    return run(scenario, harness=ADDRESS_HARNESS)


def test_the_address_field_replaces_the_query_of_its_own_page_only() -> None:
    """Walk W21/W2: what the page's Python asks for goes into the address's query (no new
    history entry), once; the page and its place (#…) stay, and nothing else of the address
    can be changed through it."""
    out = run_address("""
        const app = openPage('http://127.0.0.1:1/voila/render/index.ipynb?lang=en#valg',
                             'index.ipynb');
        app.python(ask('index.ipynb', 'players=Mormor,Jonas,Emma&lang=en'));
        app.python(ask('index.ipynb', 'players=Mormor,Jonas,Emma&lang=en'));  // the same: once
        out.first = [app.href(), app.replaced.length, app.replaced[0][0], app.events.slice()];
        app.python(ask('notebooks/02-poengark.ipynb', 'players=X'));  // another page's
        app.python('{"schema": "kamp-address/1", "page": "index.ipynb", "query": 7}');
        app.python('not json');
        app.python(JSON.stringify({schema: 'other', page: 'index.ipynb', query: 'a=1'}));
        app.python(ask('index.ipynb', 'a=1'.repeat(6000)));  // longer than a query we write
        out.refused = [app.href(), app.replaced.length];
        app.python(ask('index.ipynb', 'x=1#elsewhere//evil.example/'));
        out.hash = app.href();
        app.python(ask('index.ipynb', ''));  // the defaults: no query at all
        out.empty = app.href();
        // the browser edition after Back: the page shown stays while the next one is fetched
        const site = openPage('http://127.0.0.1:1/tutorial/03-klover.html', 'index.ipynb',
                              () => 'tutorial/03-klover.ipynb');
        site.python(ask('index.ipynb', 'players=A,B,C'));
        out.site = [site.href(), site.replaced.length];
    """)
    assert out["first"] == [
        "http://127.0.0.1:1/voila/render/index.ipynb?players=Mormor,Jonas,Emma&lang=en#valg",
        1, {"kept": 1}, ["kamp-address"]]
    assert out["refused"] == [out["first"][0], 1]
    assert out["hash"] == ("http://127.0.0.1:1/voila/render/index.ipynb"
                           "?x=1%23elsewhere//evil.example/#valg")
    assert out["empty"] == "http://127.0.0.1:1/voila/render/index.ipynb#valg"
    assert out["site"] == ["http://127.0.0.1:1/tutorial/03-klover.html", 0]


INTO_VIEW_HARNESS = r"""
const vm = require('vm');
const fs = require('fs');
const source = fs.readFileSync(process.argv[1], 'utf8');
function openPage(navigation, referrer) {
  const elements = [];
  const document = {
    querySelectorAll: (css) => (css === '[class*="kamp-into-view-"]' ? elements : []),
    addEventListener() {},
    documentElement: {},
    referrer: referrer || '',
  };
  const page = {scrolled: [], path: 'tutorial/02-pass.ipynb'};
  const win = {
    addEventListener() {},
    innerHeight: 844,
    location: {href: 'http://127.0.0.1:1/voila/render/tutorial/02-pass.ipynb'},
    performance: {getEntriesByType: () => [{type: navigation}]},
    localStorage: {getItem: () => null, setItem() {}, removeItem() {}, key: () => null,
                   length: 0},
  };
  vm.runInContext(source, vm.createContext({window: win, document, Event: class {}, console,
                                             setInterval: () => 1, URL}));
  win.kampMemory.watch(() => page.path);
  page.element = (name, top, mark) => {
    const element = {classList: ['kamp-widget', mark], top,
      getBoundingClientRect() { return {top: this.top}; },
      scrollIntoView() { page.scrolled.push(name); }};
    elements.push(element);
    return element;
  };
  page.look = () => win.kampMemory.flush();
  return page;
}
const out = {};
"""


def run_into_view(scenario: str) -> dict[str, Any]:
    return run(scenario, harness=INTO_VIEW_HARNESS)


def test_a_part_asked_into_view_is_scrolled_to_once_and_only_when_off_the_screen() -> None:
    """Walk W35 and W13: the page script scrolls to a part its Python marks (a new number each
    time) when its top is above the screen or in the lower half; a round brought back only
    after a reload of that page (Back leaves the learner at the top, as the walk found fine)."""
    out = run_into_view("""
        const page = openPage('navigate');
        const heading = page.element('heading', -742, 'kamp-into-view-1');
        page.look(); page.look();  // once for a mark
        heading.classList[1] = 'kamp-into-view-2'; heading.top = 100;  // on the screen already
        page.look();
        heading.classList[1] = 'kamp-into-view-3'; heading.top = 700;  // low on a phone's screen
        page.look();
        page.element('round', 2400, 'kamp-into-view-reload-4');  // Back, not a reload
        page.look();
        out.navigate = page.scrolled;
        const reloaded = openPage('reload');
        reloaded.element('round', 2400, 'kamp-into-view-reload-1');
        reloaded.look();
        reloaded.path = 'tutorial/03-klover.ipynb';  // the browser edition, a page later
        reloaded.element('round', 2400, 'kamp-into-view-reload-2');
        reloaded.look();
        out.reload = reloaded.scrolled;
        // the app's «Prøv igjen» after a lost kernel: a link to the page's own address
        const again = openPage('navigate', 'http://127.0.0.1:1/voila/render/tutorial/02-pass.ipynb');
        again.element('round', 2400, 'kamp-into-view-reload-1');
        again.look();
        out.again = again.scrolled;
    """)
    assert out["navigate"] == ["heading", "heading"]
    assert out["reload"] == ["round"]
    assert out["again"] == ["round"]
