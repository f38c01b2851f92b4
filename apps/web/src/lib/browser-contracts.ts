import type * as Mini from '@app/contracts/mini';

type TMiniContracts = typeof Mini;

/**
 * A contract for a browser call: `api.get(path, { schema: contract('ZOrderDetail') })`. The browser
 * parses answers with the contracts' zod/mini build (`@app/contracts/mini`, generated from the same
 * schemas the API answers with and the server side parses with; a few KB instead of classic zod's
 * ~33 KB gzipped). It loads with the first call that checks an answer, in parallel with that request,
 * never with a page (client-bundle.test.ts keeps it out of every static import).
 */
export function contract<K extends keyof TMiniContracts>(name: K): () => Promise<TMiniContracts[K]> {
  return () => import('@app/contracts/mini').then((contracts) => contracts[name]);
}
