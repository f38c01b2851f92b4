import { describe, expect, it } from 'vitest';
import { classesOf, criticalCss, stylesheetHref, withInlineCss } from './inline-css';

const LINK =
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" nonce="N0" data-precedence="next"/>';

/** A page as Next renders it: the stylesheet's link in the head, the flight scripts at the body's end. */
const page = (head = LINK) =>
  `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${head}<script src="/a.js" async="" nonce="N0"></script></head>` +
  '<body class="flex min-h-dvh"><h1 class="text-2xl sm:text-3xl">Menu</h1><article class="mc">x</article>' +
  '<script nonce="N0">self.__next_f.push([1,"x"])</script></body></html>';

describe('stylesheetHref', () => {
  it("finds the head's one stylesheet link", () => {
    expect(stylesheetHref(page())).toBe('/_next/static/chunks/site.css');
  });
  it('leaves a page without one, or with two, alone', () => {
    expect(stylesheetHref(page(''))).toBeNull();
    expect(stylesheetHref(page(LINK + LINK.replace('site.css', 'map.css')))).toBeNull();
  });
});

describe('classesOf', () => {
  it("collects every class of the markup's class attributes", () => {
    expect([...classesOf(page())].sort()).toEqual(['flex', 'mc', 'min-h-dvh', 'sm:text-3xl', 'text-2xl']);
  });
});

describe('criticalCss', () => {
  const classes = new Set(['mc', 'sm:text-3xl', 'hover:bg-brand-50']);

  it('keeps the rules whose classes the markup has, and the rules without a class', () => {
    const css =
      '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}' +
      '@layer components{.mc{display:flex}.mc-off{opacity:.5}}' +
      '@layer utilities{.hidden{display:none}@media (min-width:40rem){.sm\\:text-3xl{font-size:1.875rem}.sm\\:grid{display:grid}}' +
      '@media (hover:hover){.hover\\:bg-brand-50:hover{background:#fff}}}';
    expect(criticalCss(css, classes)).toBe(
      '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}' +
        '@layer components{.mc{display:flex}}' +
        '@layer utilities{@media (min-width:40rem){.sm\\:text-3xl{font-size:1.875rem}}}',
    );
  });

  it('leaves out the states only an interaction brings (the whole stylesheet is there by then)', () => {
    expect(
      criticalCss(
        '.mc:hover,.mc:focus-visible{color:red}.mc:disabled{opacity:.5}.mc:active{color:blue}',
        classes,
      ),
    ).toBe('.mc:disabled{opacity:.5}');
  });

  it('keeps only the selectors of a list that apply, and drops an emptied group', () => {
    expect(criticalCss('.mc,.other{color:red}@media print{.other{color:blue}}', classes)).toBe(
      '.mc{color:red}',
    );
  });

  it('keeps statements and at-rules that are not groups whole', () => {
    const css =
      '@layer theme,base;@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}';
    expect(criticalCss(css, classes)).toBe(css);
  });

  it('does not mistake a brace or comma inside a string or selector argument', () => {
    expect(
      criticalCss('.mc:is(.a,.b){content:"}"}.mc[data-x="{"]{color:red}', new Set(['mc', 'a', 'b'])),
    ).toBe('.mc:is(.a,.b){content:"}"}.mc[data-x="{"]{color:red}');
  });

  it('gives up on text it cannot read (unbalanced braces)', () => {
    expect(criticalCss('.mc{color:red', classes)).toBeNull();
  });
});

describe('withInlineCss', () => {
  it("puts the rules in the head with the nonce, and the link at the body's end", () => {
    const out = withInlineCss(page(), '.mc{display:flex}', 'PLACEHOLDER');
    expect(out).not.toBeNull();
    const html = out ?? '';
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style nonce="PLACEHOLDER" data-critical="">.mc{display:flex}</style>');
    expect(head).not.toContain('rel="stylesheet"');
    // After the flight scripts (an inline script waits for a stylesheet loading before it).
    expect(html.endsWith(`self.__next_f.push([1,"x"])</script>${LINK}</body></html>`)).toBe(true);
  });

  it('refuses a text that could close the style element, and a page without the link', () => {
    expect(withInlineCss(page(), '.a{}</style><script>x()</script>', 'P')).toBeNull();
    expect(withInlineCss(page(''), '.a{}', 'P')).toBeNull();
  });
});
