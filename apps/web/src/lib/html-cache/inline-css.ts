/**
 * The first paint of a cached page without waiting for the stylesheet (issue 11, LCP). Next renders
 * the site's one stylesheet as a render-blocking `<link>` in the `<head>`: under a mobile network the
 * page cannot paint until a second request has come back. For the pages the HTML cache keeps, the
 * stored render gets instead:
 * - in the `<head>`, a `<style>` with the rules of the stylesheet that the page's own markup can use
 *   (`criticalCss`: every rule whose selectors name only classes present in the HTML, plus every
 *   rule without a class), carrying the nonce (the placeholder, replaced on every response);
 * - the original `<link>` moved to the end of the `<body>`: the whole stylesheet (for the classes
 *   the page gains later: dialogs, menus, states) still loads, without blocking the first paint
 *   (a stylesheet inserted after the body's content blocks nothing before it), and React's
 *   hydration finds its stylesheet resource in the document, so it does not insert a second one.
 * Pure functions: the proxy fetches the stylesheet (serve.ts).
 */

/** The `<link>` of Next's stylesheet in the head (`precedence="next"`), with its href. */
const STYLESHEET_LINK =
  /<link rel="stylesheet" href="(\/_next\/static\/[^"?]+\.css)"[^>]*data-precedence="next"[^>]*\/>/;

/** The stylesheet a page's head links to, or null (none, or more than one: left as it is). */
export function stylesheetHref(html: string): string | null {
  const head = html.slice(0, html.indexOf('</head>'));
  const all = head.match(new RegExp(STYLESHEET_LINK.source, 'g')) ?? [];
  if (all.length !== 1) return null;
  return STYLESHEET_LINK.exec(head)?.[1] ?? null;
}

/** Every class named in the markup's `class` attributes. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The class names a selector requires (`.sm\:grid-cols-3` → `sm:grid-cols-3`). */
function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\.|[A-Za-z0-9_-])+)/g)].map(([, name = '']) =>
    name.replace(/\\(.)/g, '$1'),
  );
}

/** Splits on the commas at the top level (not inside `:is(...)`, `[...]` or strings). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * The index of the first character from `from` on, outside strings and escapes, that `stop` accepts,
 * or -1. `depth` is the block depth at `from`; `stop` sees each character and the depth after it.
 */
function scan(css: string, from: number, depth: number, stop: (c: string, depth: number) => boolean): number {
  for (let i = from; i < css.length; i++) {
    const c = css[i] as string;
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close;
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (stop(c, depth)) return i;
    }
  }
  return -1;
}

/** The index of the `}` closing the block opened just before `from` (strings and escapes skipped). */
const blockEnd = (css: string, from: number): number =>
  scan(css, from, 1, (c, depth) => c === '}' && depth === 0);

/** The index of the `{` or `;` ending the prelude that starts at `from` (strings and escapes skipped), or -1. */
const preludeEnd = (css: string, from: number): number => scan(css, from, 0, (c) => c === '{' || c === ';');

/**
 * States that only an interaction brings (pointer, focus, press): the whole stylesheet has arrived by
 * then, so the first paint's copy leaves them out (about a quarter of the rules the markup names).
 */
const INTERACTION = /:(hover|focus|focus-visible|focus-within|active)\b/;

/** At-rules whose block holds rules to filter; any other (keyframes, @property, font-face) is kept whole. */
const GROUPING = /^@(media|supports|layer|container)\b/;

/**
 * The rules of a minified stylesheet that can apply to markup using only `classes`: a style rule
 * keeps the selectors whose classes are all present (dropped when none is), grouping at-rules are
 * filtered inside and dropped when empty, everything else is kept. Null when the text cannot be
 * read as expected (unbalanced braces): the caller then leaves the page as it is.
 */
export function criticalCss(css: string, classes: ReadonlySet<string>): string | null {
  let out = '';
  let i = 0;
  while (i < css.length) {
    if (/\s/.test(css[i] ?? '')) {
      i++;
      continue;
    }
    const open = preludeEnd(css, i);
    if (open < 0) return null;
    if (css[open] === ';') {
      // A statement: `@layer a,b;`, `@charset "..."`, `@import`.
      out += css.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    const prelude = css.slice(i, open).trim();
    const close = blockEnd(css, open + 1);
    if (close < 0) return null;
    const block = css.slice(open + 1, close);
    if (prelude.startsWith('@')) {
      if (GROUPING.test(prelude)) {
        const inner = criticalCss(block, classes);
        if (inner === null) return null;
        if (inner !== '') out += `${prelude}{${inner}}`;
      } else {
        out += `${prelude}{${block}}`;
      }
    } else {
      const kept = splitTopLevel(prelude).filter(
        (selector) =>
          !INTERACTION.test(selector) && selectorClasses(selector).every((name) => classes.has(name)),
      );
      if (kept.length > 0) out += `${kept.join(',')}{${block}}`;
    }
    i = close + 1;
  }
  return out;
}

/**
 * The page with `css` inlined in its head (`<style nonce>`) in place of the stylesheet's link, and
 * that link moved to the end of the body. Null when the page has no single stylesheet link, no
 * `</body>`, or the text could close the style element.
 */
export function withInlineCss(html: string, css: string, nonce: string): string | null {
  const head = html.indexOf('</head>');
  const link = STYLESHEET_LINK.exec(html);
  const bodyEnd = html.lastIndexOf('</body>');
  if (!link || head < 0 || link.index > head || bodyEnd < 0 || /<\/style/i.test(css)) return null;
  const tag = link[0];
  const style = `<style nonce="${nonce}" data-critical="">${css}</style>`;
  const start = link.index;
  return `${html.slice(0, start)}${style}${html.slice(start + tag.length, bodyEnd)}${tag}${html.slice(bodyEnd)}`;
}
