import { setNonce } from 'get-nonce';

/**
 * What the browser side needs to live under the page's Content-Security-Policy (proxy.ts); called
 * from `instrumentation-client.ts`, before any of the storefront's own code runs.
 */

/**
 * The nonce of this page, read from one of its own scripts: Next puts it on each, and the browser
 * hides the attribute from the markup but keeps the `nonce` property. So the nonce is not repeated
 * anywhere else in the page.
 */
export function pageNonce(doc: Pick<Document, 'querySelector'>): string | undefined {
  return doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

/**
 * Radix's dialogs lock the page's scroll with a `<style>` element built at run time
 * (react-remove-scroll through react-style-singleton), which the policy refuses without the nonce;
 * they ask `get-nonce` for it.
 */
export function shareStyleNonce(doc: Pick<Document, 'querySelector'>): void {
  const nonce = pageNonce(doc);
  if (nonce) setNonce(nonce);
}

type TZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

/**
 * zod compiles object parsers with `new Function` when it may, and its probe for that is itself an
 * eval the policy refuses and reports. `jitless` (zod's documented switch for CSP, `z.config`) skips
 * both; parsing gives the same results. zod keeps that setting on `globalThis.__zod_globalConfig`
 * (shared by every copy of zod on the page), so it is set there: importing zod's `config` would put
 * zod's core (~5 KB gzipped) into every page's first load, which keeps zod out (client-bundle.test.ts).
 * `csp-client.test.ts` fails if an installed zod stops reading it.
 */
export function disableZodJit(target: TZodGlobal = globalThis as TZodGlobal): void {
  target.__zod_globalConfig ??= {};
  target.__zod_globalConfig.jitless = true;
}
