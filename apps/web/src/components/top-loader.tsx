'use client';

import NextTopLoader from 'nextjs-toploader';
import { pageNonce } from '@/lib/csp-client';

/**
 * The page-load bar (nextjs-toploader), whose `<style>` needs the page's CSP nonce. The server
 * renders it with the nonce of its own response (`x-nonce`). In the browser the nonce in force is the
 * one of the document's first response: a later server render (switching the language re-renders the
 * layout in the same document) brings the nonce of that later request, which this document's policy
 * does not know, so the browser side always takes the document's own.
 */
export function TopLoader({ nonce }: { nonce: string | undefined }) {
  const inForce = typeof document === 'undefined' ? nonce : (pageNonce(document) ?? nonce);
  return <NextTopLoader color="#e35d0b" showSpinner={false} height={3} nonce={inForce} />;
}
