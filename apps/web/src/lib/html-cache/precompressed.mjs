// @ts-check
/**
 * How a served page's gzip, built once per stored page (gzip.ts), reaches the browser. Next's proxy
 * cannot send a body it compressed itself: Next drops a proxy response's `Content-Encoding` (its
 * `send-response.js`, FORBIDDEN_HEADERS) and then gzips the body again (its `compress` option). The
 * storefront's server (`server.mjs`) runs in front of Next's handler, so:
 *
 * - at start it says it can (`announcePrecompressedBodies`); without it (`next dev`, `next start`)
 *   the proxy answers plain bodies, as before;
 * - the proxy marks a body it gzipped with the private header `x-html-cache-encoding: gzip`;
 * - the server turns that header, when Next sets it on the outgoing response, into
 *   `Content-Encoding: gzip` (`acceptPrecompressedBodies`). Next's compression then finds the body
 *   already encoded and passes it through (it adds `Vary: Accept-Encoding` first, as for every page).
 *
 * Plain JavaScript (`// @ts-check`): the server loads it with Node's own `import()`, unbundled; the
 * proxy's bundle reaches the same flag through `globalThis` (one process).
 */

/** The private response header by which the proxy says its body is already encoded (its value). */
export const PRECOMPRESSED_HEADER = 'x-html-cache-encoding';

/** The encodings a body may be marked with. */
const ENCODINGS = new Set(['gzip']);

const KEY = Symbol.for('@app/web/precompressed-bodies');

/** The server says it turns the private header into `Content-Encoding` on every response. */
export function announcePrecompressedBodies() {
  /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[KEY] = true;
}

/** Whether the server in front of Next turns the private header into `Content-Encoding`. */
export function precompressedBodiesAccepted() {
  return /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[KEY] === true;
}

/**
 * Makes `res` send the private header as `Content-Encoding` (set before Next's own handler, and so
 * before its compression looks at the headers). Any other header passes unchanged; a value that is
 * not a known encoding is dropped rather than sent as one.
 * @param {import('node:http').ServerResponse} res
 */
export function acceptPrecompressedBodies(res) {
  const setHeader = res.setHeader;
  const appendHeader = res.appendHeader;
  /**
   * @param {string} name
   * @param {number | string | readonly string[]} value
   */
  const encodingOf = (name, value) => {
    if (typeof name !== 'string' || name.toLowerCase() !== PRECOMPRESSED_HEADER) return undefined;
    const encoding = String(value).trim().toLowerCase();
    return ENCODINGS.has(encoding) ? encoding : null;
  };
  res.setHeader = function (name, value) {
    const encoding = encodingOf(name, value);
    if (encoding === undefined) return setHeader.call(this, name, value);
    return encoding ? setHeader.call(this, 'Content-Encoding', encoding) : this;
  };
  res.appendHeader = function (name, value) {
    const encoding = encodingOf(name, value);
    if (encoding === undefined) return appendHeader.call(this, name, value);
    return encoding ? setHeader.call(this, 'Content-Encoding', encoding) : this;
  };
}
