// @ts-check
/**
 * `npm run build -w @app/web` ends with this: brotli copies of the build's scripts and stylesheets
 * (`<file>.br`, quality 11) that server.mjs serves to browsers accepting br. Also run by
 * scripts/lib/build.mjs on a build that is already current, so an older build gets them too.
 *
 *   node precompress.mjs      (the build folder: WEB_DIST_DIR, default .next)
 */
import { join } from 'node:path';
import { precompressStatic } from './src/lib/static-brotli/static-brotli.mjs';

const distDir = process.env.WEB_DIST_DIR?.trim() || '.next';
const started = Date.now();
const done = await precompressStatic(join(import.meta.dirname, distDir, 'static'));
/** @param {number} n */
const kb = (n) => `${Math.round(n / 1024)} KiB`;
console.log(
  `[precompress] ${done.files} build files with brotli (${kb(done.rawBytes)} → ${kb(done.brotliBytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
