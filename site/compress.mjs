// Precompress files for hosts that send a `.br` / `.gz` beside the original (nginx's
// brotli_static / gzip_static, Netlify, `make site-serve`).
//   node compress.mjs QUALITY JOBS_JSON
// QUALITY: Brotli's quality (11, the best, for `make site`).  JOBS_JSON: a list of
// [source, target_without_suffix]; writes target.br (Brotli) and target.gz (gzip, level 9), both
// the same bytes for the same source.  Files are compressed side by side on zlib's thread pool.
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const quality = Number(process.argv[2]);
const jobs = JSON.parse(process.argv[3]);
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function compress([source, target]) {
  const data = readFileSync(source);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: 9 }),
  ]);
  // written under a temporary name first, so an interrupted build leaves no half file
  writeFileSync(`${target}.br.part`, br);
  writeFileSync(`${target}.gz.part`, gzipped);
  renameSync(`${target}.br.part`, `${target}.br`);
  renameSync(`${target}.gz.part`, `${target}.gz`);
}

// the largest first, so the long one (Python's WebAssembly) does not start last
const queue = [...jobs].sort((a, b) => readFileSync(b[0]).length - readFileSync(a[0]).length);
async function worker() {
  for (let job = queue.shift(); job; job = queue.shift()) await compress(job);
}
await Promise.all(Array.from({ length: availableParallelism() }, worker));
