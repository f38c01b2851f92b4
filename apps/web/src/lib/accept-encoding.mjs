// @ts-check
/**
 * Reading a request's `Accept-Encoding` (RFC 9110, section 12.5.3), for the parts of the storefront
 * that answer an encoded body themselves: the build's brotli files (static-brotli.mjs) and the cached
 * pages' gzip (html-cache/gzip.ts). Plain JavaScript: `server.mjs` loads it unbundled.
 */

/**
 * Whether the header accepts one of `names` (one coding and its aliases, e.g. `gzip` and `x-gzip`):
 * named (or `*`) with a weight above 0; a named weight outweighs `*` (`br;q=0, *` refuses br), and a
 * malformed weight accepts nothing. No header, or an empty one: no.
 *
 * @param {string | string[] | null | undefined} header
 * @param {readonly string[]} names lower case
 * @returns {boolean}
 */
export function acceptsCoding(header, names) {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  /** @type {number | null} */
  let named = null;
  /** @type {number | null} */
  let any = null;
  for (const item of value.split(',')) {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    let q = 1;
    for (const param of params) {
      const m = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(param);
      if (m) q = Number(m[1]);
      else if (param.startsWith('q')) q = 0; // a malformed weight accepts nothing
    }
    if (names.includes(coding)) named = named === null ? q : Math.max(named, q);
    else if (coding === '*') any = any === null ? q : Math.max(any, q);
  }
  return (named ?? any ?? 0) > 0;
}
