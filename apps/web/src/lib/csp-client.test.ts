import { getNonce } from 'get-nonce';
import { describe, expect, it, vi } from 'vitest';
import { disableZodJit, pageNonce, shareStyleNonce } from './csp-client';

/** A document whose first `script[nonce]` carries `nonce` (as a browser shows it: the property). */
const docWith = (nonce: string | null) => ({
  querySelector: vi.fn((selector: string) => {
    expect(selector).toBe('script[nonce]');
    return nonce === null ? null : { nonce };
  }),
});

describe('the page nonce in the browser', () => {
  it("is read from the page's own scripts and handed to get-nonce (Radix's scroll-lock style)", () => {
    expect(pageNonce(docWith(null) as unknown as Document)).toBeUndefined();
    expect(pageNonce(docWith('') as unknown as Document)).toBeUndefined();
    shareStyleNonce(docWith('c2NyaXB0LW5vbmNl') as unknown as Document);
    expect(getNonce()).toBe('c2NyaXB0LW5vbmNl');
  });
});

describe('zod under the policy', () => {
  it('is jitless when the switch is set before zod loads (no eval probe)', async () => {
    vi.resetModules();
    const target: { __zod_globalConfig?: { jitless?: boolean } } = {};
    disableZodJit(target);
    expect(target.__zod_globalConfig).toEqual({ jitless: true });

    disableZodJit();
    const evals = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    // zod reads the switch from the global the storefront sets.
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string(), count: z.number() });
    expect(schema.parse({ name: 'plov', count: 2 })).toEqual({ name: 'plov', count: 2 });
    expect(evals).not.toHaveBeenCalled();
    evals.mockRestore();
  });
});
