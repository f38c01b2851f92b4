/**
 * The sign-in check of the order routes without its query (issue 11, docs/perf/orders.md): which
 * customer a token belongs to, kept per process by the token's hash. What is kept never changes while
 * the token works (a customer's id and chain are fixed, customers are not deleted); what ends a token
 * is its expiry, checked on every use, and its revocation (sign-out), which every process hears on
 * the bus (`publishTokensRevoked`, adapters/order-events) and which drops the entry:
 * - the signing-out process drops it itself as soon as its revocation commits (`forget`), before the
 *   bus brings it back a few milliseconds later, so its own next request is refused at once;
 * - every other process drops it when the bus hands it over (on PostgreSQL, milliseconds after the
 *   commit; `settled()` waits for it);
 * - after the bus lost its connection ('maybe-missed'), everything is dropped, and while it is not
 *   listening nothing is served from or stored in the cache (every request reads the database);
 * - a read that raced a revocation is not stored: an entry is stored only when no revocation was
 *   heard since the read started (the generation count);
 * - safety net: an entry is read again after `ttlMs`, for a token stopped by a path that does not
 *   publish (an operator's SQL), as stream-sessions.ts's RECHECK_MS does for open streams.
 * Only routes that need the customer's id alone use it (`requireSignedIn`); the routes that answer
 * with the customer's own row (profile) read it from the database on every request.
 */
import type { TokenRevocation } from '../adapters/order-events/index.ts';

export type SignedInToken = {
  customerId: string;
  tokenId: string;
  expiresAt: Date;
};

type Entry = SignedInToken & { key: string; storedAt: number };

export type SignedInTokensOptions = {
  maxEntries: number;
  ttlMs: number;
  /** Whether the bus hears revocations now (app.orderEvents.listening). */
  listening: () => boolean;
  /** Milliseconds for the safety net's age (not the app clock, which tests move by days). */
  monotonicNow?: () => number;
};

export class SignedInTokens {
  readonly #entries = new Map<string, Entry>();
  readonly #byTokenId = new Map<string, string>();
  readonly #options: Required<SignedInTokensOptions>;
  #generation = 0;

  constructor(options: SignedInTokensOptions) {
    this.#options = { monotonicNow: () => performance.now(), ...options };
  }

  /** Call before reading the database; pass what it answered to `store`. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The token's customer when kept, still valid at `now` and fresh enough; otherwise undefined. */
  find(tokenHash: string, shipperId: string, now: Date): SignedInToken | undefined {
    if (!this.#options.listening()) return undefined;
    const key = `${shipperId}:${tokenHash}`;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (
      entry.expiresAt.getTime() <= now.getTime() ||
      this.#options.monotonicNow() - entry.storedAt > this.#options.ttlMs
    ) {
      this.#drop(entry);
      return undefined;
    }
    // Most recently used last: the first entry is the one to evict.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Keeps what the database answered, unless a revocation was heard since `generation` was read. */
  store(tokenHash: string, shipperId: string, token: SignedInToken, generation: number): void {
    if (generation !== this.#generation || !this.#options.listening()) return;
    const key = `${shipperId}:${tokenHash}`;
    const old = this.#entries.get(key);
    if (old) this.#drop(old);
    const entry: Entry = { ...token, key, storedAt: this.#options.monotonicNow() };
    this.#entries.set(key, entry);
    this.#byTokenId.set(token.tokenId, key);
    while (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.values().next().value;
      if (!oldest) break;
      this.#drop(oldest);
    }
  }

  /** Drops these tokens: a revocation this process committed (the bus's delivery goes to `handle`). */
  forget(tokenIds: readonly string[]): void {
    this.#forget(tokenIds);
  }

  #forget(tokenIds: readonly string[]): void {
    this.#generation++;
    for (const id of tokenIds) {
      const key = this.#byTokenId.get(id);
      const entry = key === undefined ? undefined : this.#entries.get(key);
      if (entry) this.#drop(entry);
    }
  }

  /** Drops everything (a revocation may have gone unheard). */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#byTokenId.clear();
  }

  /** What the bus says (app.orderEvents.onTokensRevoked). */
  handle(revocation: TokenRevocation): void {
    if (revocation.kind === 'revoked') this.#forget(revocation.tokenIds);
    else this.clear();
  }

  #drop(entry: Entry): void {
    this.#entries.delete(entry.key);
    if (this.#byTokenId.get(entry.tokenId) === entry.key) this.#byTokenId.delete(entry.tokenId);
  }
}
