// Byte-compile archives for the browser with Pyodide's own CPython, in Node.js.
//   node compile.mjs PYODIDE_DIR SCRIPT JOBS_JSON
// PYODIDE_DIR holds the npm package's runtime; SCRIPT is scripts/pyodide_compile.py; JOBS_JSON
// a JSON list of [source, target, prefix] with host paths.  The host's file system is mounted at
// /host, so the paths are read and written where they are.
import { loadPyodide } from 'pyodide';

const [script, jobs] = process.argv.slice(2);
const python = await loadPyodide();
python.FS.mkdirTree('/host');
python.FS.mount(python.FS.filesystems.NODEFS, { root: '/' }, '/host');
const onHost = (path) => `/host${path}`;
const mapped = JSON.parse(jobs).map(([source, target, prefix]) => [onHost(source), onHost(target), prefix]);
python.runPython(`import sys; sys.argv = ["pyodide_compile", ${JSON.stringify(JSON.stringify(mapped))}]`);
python.runPython(python.FS.readFile(onHost(script), { encoding: 'utf8' }));
