// Precompress files for hosts that send a `.br` / `.gz` beside the original (nginx's
// brotli_static / gzip_static, Netlify, `make site-serve`).
//   node compress.mjs JOBS_JSON
// JOBS_JSON: a list of [source, target_without_suffix]; writes target.br (Brotli, quality 11)
// and target.gz (gzip, level 9), both the same bytes for the same source.
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

for (const [source, target] of JSON.parse(process.argv[2])) {
  const data = readFileSync(source);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  // written under a temporary name first, so an interrupted build leaves no half file
  writeFileSync(`${target}.br.part`, br);
  writeFileSync(`${target}.gz.part`, gz);
  renameSync(`${target}.br.part`, `${target}.br`);
  renameSync(`${target}.gz.part`, `${target}.gz`);
}
