import type { PGlite } from '@electric-sql/pglite';
import {
  CATALOGUE_CHANGED_CHANNEL,
  CatalogueChanges,
  ORDER_STATUS_CHANNEL,
  type OrderEvents,
  publishInTx,
  Revocations,
  Subscriptions,
  TOKENS_REVOKED_CHANNEL,
} from './order-events.ts';

type Log = ConstructorParameters<typeof Subscriptions>[0];

/**
 * The bus on PGlite: the database lives in this process, so PGlite's own `listen()` hears every
 * committed notification (it delivers them after the transaction commits, never for a rollback).
 * Nothing can be missed, so revocation listeners never hear 'maybe-missed' and catalogue listeners
 * never hear 'everything changed'.
 */
export async function createPgliteOrderEvents(client: PGlite, options: { log: Log }): Promise<OrderEvents> {
  const subs = new Subscriptions(options.log);
  // PGlite calls back while it finishes the committing query; listeners run on the next turn so
  // their own database calls never wait on (or inside) that query.
  const unlisten = await client.listen(ORDER_STATUS_CHANNEL, (payload) => {
    setImmediate(() => subs.dispatchPayload(payload));
  });
  const revocations = new Revocations(options.log);
  const unlistenRevocations = await client.listen(TOKENS_REVOKED_CHANNEL, (payload) => {
    setImmediate(() => revocations.dispatchPayload(payload));
  });
  const catalogue = new CatalogueChanges(options.log);
  // At once, not on the next turn: its listeners only drop cache entries and write to streams (no
  // database call), and so the writing request's next read in this process already misses the cache.
  const unlistenCatalogue = await client.listen(CATALOGUE_CHANGED_CHANNEL, (payload) =>
    catalogue.dispatchPayload(payload),
  );
  let closed = false;
  return {
    name: 'pglite',
    publish: publishInTx,
    subscribe: (orderId, listener) => subs.add(orderId, listener),
    onTokensRevoked: (listener) => revocations.add(listener),
    onCatalogueChanged: (listener) => catalogue.add(listener),
    // The catalogue listener runs during the commit itself (above): nothing is ever in flight.
    settled: async () => {},
    get listening() {
      return !closed && !client.closed;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      subs.clear();
      revocations.clear();
      catalogue.clear();
      if (!client.closed) {
        await unlisten().catch(() => {});
        await unlistenRevocations().catch(() => {});
        await unlistenCatalogue().catch(() => {});
      }
    },
  };
}
