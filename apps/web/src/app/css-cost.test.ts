import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Chrome evaluates a `:has()` on the root element each time the root's style is recalculated (23
 * times while the menu page loads and hydrates). An argument with a descendant combinator
 * (`html:has([data-x])`) walks the whole document every time, a cost that grows with the page; with
 * child combinators only (`html:has(> body > main > [data-x])`) it looks at a few children
 * (docs/perf/issue-11.md, 2026-11-29).
 */
const GLOBALS = join(import.meta.dirname, 'globals.css');

/** Every `:has(...)` argument in a stylesheet, with its parentheses balanced. */
function hasArguments(css: string): string[] {
  const found: string[] = [];
  let at = css.indexOf(':has(');
  while (at !== -1) {
    let depth = 0;
    let end = at + ':has('.length - 1;
    for (; end < css.length; end++) {
      if (css[end] === '(') depth++;
      if (css[end] === ')' && --depth === 0) break;
    }
    found.push(css.slice(at + ':has('.length, end).trim());
    at = css.indexOf(':has(', end);
  }
  return found;
}

/** Whether an argument only reaches fixed levels of children (`>` between every compound). */
function isBounded(argument: string): boolean {
  if (!argument.startsWith('>')) return false;
  // Stand in for what sits inside brackets or parentheses (attribute values, pseudo-class
  // arguments), drop the spaces around `>`; any whitespace left is a descendant combinator, and `~`
  // a walk over siblings.
  const compounds = argument
    .replace(/\[[^\]]*\]|\([^)]*\)/g, 'x')
    .replace(/\s*>\s*/g, '>')
    .trim();
  return !/\s|~/.test(compounds);
}

describe('the stylesheet', () => {
  it('has no `:has()` that walks the whole document', () => {
    const css = readFileSync(GLOBALS, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const args = hasArguments(css);
    expect(args).toEqual(['> body > main > [data-bottom-bar-page]']);
    expect(args.filter((a) => !isBounded(a))).toEqual([]);
  });

  it('tells a bounded argument from one that is not', () => {
    expect(isBounded('> body > main > [data-bottom-bar-page]')).toBe(true);
    expect(isBounded('>body>main>[data-x="a b"]')).toBe(true);
    expect(isBounded('[data-bottom-bar]')).toBe(false);
    expect(isBounded('> body [data-bottom-bar]')).toBe(false);
    expect(isBounded('> body ~ main')).toBe(false);
    expect(hasArguments('html:has([a]) x:has(> :is(b, c)) {}')).toEqual(['[a]', '> :is(b, c)']);
  });
});
