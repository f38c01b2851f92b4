// @ts-check
/**
 * Brotli for the build's scripts and stylesheets. Next compresses everything it serves with gzip and
 * offers no other algorithm (its `compress` option; brotli needs "a custom server", its docs say).
 * Brotli at its highest quality makes our first-load scripts about 14 % smaller than gzip (160 KB →
 * 138 KB for the menu page), which a phone on a mobile network downloads before the page reacts.
 *
 * The files under `/_next/static/` are content-hashed and never change once built, so they are
 * compressed once, at build time (`precompressStatic`, quality 11: seconds for the whole build,
 * too slow per request), next to each file as `<file>.br`. The storefront's server (`server.mjs`)
 * answers a request for such a file itself when the browser accepts br and the `.br` exists
 * (`createStaticBrotli`); everything else (no br, no `.br`, any other path or method) goes to Next,
 * which serves it as before. Pages stay with Next's gzip: they are filled per request, and brotli
 * for them did not move the page's LCP when measured (ARCHITECTURE.md, "The storefront's server").
 *
 * Plain JavaScript (`// @ts-check`): the server loads it with Node's own `import()`, unbundled.
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { acceptsCoding } from '../accept-encoding.mjs';

const brotli = promisify(brotliCompress);

/** Where Next serves `<distDir>/static/` from. */
export const STATIC_PREFIX = '/_next/static/';

/** The types compressed, with the Content-Type Next sends for them. */
export const BROTLI_TYPES = /** @type {const} */ ({
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
});

/**
 * The headers of a build asset, as Next sends them for these files: immutable for a year (the name
 * carries the content's hash) and `nosniff` (BUILD_ASSET_HEADERS in src/lib/security-headers.ts; a
 * unit test keeps the two equal).
 */
export const ASSET_HEADERS = /** @type {const} */ ({
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
});

/**
 * Whether an `Accept-Encoding` header accepts br (`acceptsCoding`: `br;q=0` refuses it, and `br`
 * outweighs `*`). No header: no.
 *
 * @param {string | string[] | undefined} header
 * @returns {boolean}
 */
export function acceptsBrotli(header) {
  return acceptsCoding(header, ['br']);
}

/**
 * The file a request's path names under the static folder, relative to it with `/` separators, when
 * it is one this module may answer: under `/_next/static/`, a `.js` or `.css` name, only the
 * characters Next's file names use (so no `..`, no percent-encoding, no backslash can step out of
 * the folder). Anything else: null. The query (`?dpl=...`) is not part of the file's name.
 *
 * @param {string | undefined} url
 * @returns {string | null}
 */
export function staticAssetOf(url) {
  if (!url?.startsWith(STATIC_PREFIX)) return null;
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).slice(STATIC_PREFIX.length);
  if (path.length === 0 || path.length > 300) return null;
  if (!/^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/.test(path)) return null;
  if (path.split('/').some((segment) => segment.startsWith('.'))) return null;
  return Object.hasOwn(BROTLI_TYPES, extname(path)) ? path : null;
}

/**
 * @typedef {{ path: string, size: number, etag: string, type: string }} TBrotliFile
 */

/**
 * Every `<file>.br` beside its `<file>` under the static folder, by the file's relative name. Read
 * once when the server starts: the build's files do not change under a running server (a new build
 * means a new server, as with `next start`). A missing folder is an empty index.
 *
 * @param {string} staticDir
 * @returns {Promise<Map<string, TBrotliFile>>}
 */
export async function indexBrotliFiles(staticDir) {
  /** @type {Map<string, TBrotliFile>} */
  const index = new Map();
  let entries;
  try {
    entries = await readdir(staticDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return index;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.br')) continue;
    const full = join(entry.parentPath, entry.name);
    const relative = full
      .slice(staticDir.length + 1, -'.br'.length)
      .split(sep)
      .join('/');
    const type = BROTLI_TYPES[/** @type {keyof typeof BROTLI_TYPES} */ (extname(relative))];
    if (!type) continue;
    const [compressed, original] = await Promise.all([stat(full), stat(full.slice(0, -3)).catch(() => null)]);
    // A `.br` older than its file belongs to another build's content: not served.
    if (!original || compressed.mtimeMs < original.mtimeMs) continue;
    index.set(relative, {
      path: full,
      size: compressed.size,
      etag: `W/"br-${compressed.size.toString(16)}-${Math.floor(compressed.mtimeMs).toString(16)}"`,
      type,
    });
  }
  return index;
}

/**
 * Whether an `If-None-Match` header names this ETag (weak comparison, as for a GET).
 *
 * @param {string | undefined} header
 * @param {string} etag
 */
function matchesEtag(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * The request handler's brotli part: answers a GET or HEAD of an indexed build asset from a browser
 * that accepts br, and says whether it did (if not, the caller hands the request to Next).
 *
 * @param {Map<string, TBrotliFile>} index
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean}
 */
export function createStaticBrotli(index) {
  return (req, res) => {
    if (index.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const asset = staticAssetOf(req.url);
    const file = asset === null ? undefined : index.get(asset);
    if (!file || !acceptsBrotli(req.headers['accept-encoding'])) return false;
    res.setHeader('Cache-Control', ASSET_HEADERS['Cache-Control']);
    res.setHeader('X-Content-Type-Options', ASSET_HEADERS['X-Content-Type-Options']);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', file.etag);
    res.setHeader('Content-Type', file.type);
    if (matchesEtag(req.headers['if-none-match'], file.etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.statusCode = 200;
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Content-Length', file.size);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const stream = createReadStream(file.path);
    // The file went away under us (a build replaced the folder): end the answer; the browser retries.
    stream.on('error', () => res.destroy());
    stream.pipe(res);
    return true;
  };
}

/**
 * Writes `<file>.br` (brotli, quality 11, the text mode) beside every `.js` and `.css` under the
 * static folder that lacks an up-to-date one; skips a file brotli does not make smaller. Two files at
 * a time (two cores). Written to a temporary name first, so a server indexing the folder meanwhile
 * never sees half a file. Returns how many files it compressed and their sizes before and after.
 *
 * @param {string} staticDir
 * @returns {Promise<{ files: number, rawBytes: number, brotliBytes: number }>}
 */
export async function precompressStatic(staticDir) {
  const entries = await readdir(staticDir, { recursive: true, withFileTypes: true });
  /** @type {string[]} */
  const todo = [];
  for (const entry of entries) {
    if (!entry.isFile() || !Object.hasOwn(BROTLI_TYPES, extname(entry.name))) continue;
    const full = join(entry.parentPath, entry.name);
    const [original, compressed] = await Promise.all([stat(full), stat(`${full}.br`).catch(() => null)]);
    if (!compressed || compressed.mtimeMs < original.mtimeMs) todo.push(full);
  }
  const result = { files: 0, rawBytes: 0, brotliBytes: 0 };
  const work = async () => {
    for (let file = todo.shift(); file !== undefined; file = todo.shift()) {
      const raw = await readFile(file);
      const compressed = await brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      if (compressed.length >= raw.length) continue;
      await writeFile(`${file}.br.tmp`, compressed);
      await rename(`${file}.br.tmp`, `${file}.br`);
      result.files += 1;
      result.rawBytes += raw.length;
      result.brotliBytes += compressed.length;
    }
  };
  await Promise.all([work(), work()]);
  return result;
}
