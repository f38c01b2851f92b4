/**
 * Ends a customer's open status streams when the token they were opened with stops working (issue 9,
 * finding 6): a stream is a long-lived answer, authorised once when it opened, so without this a
 * stream would go on delivering after sign-out or after the token expired.
 *
 * - Sign-out: `logout` publishes the token's id on the bus (TOKENS_REVOKED_CHANNEL) in the revoking
 *   transaction; every API process hears it after the commit and ends that token's streams.
 * - Expiry: each stream has a timer for its token's `expires_at`, as read by the sign-in check.
 * - A revocation that went unheard: the bus says 'maybe-missed' after its listening connection came
 *   back (PostgreSQL), and the open streams' tokens are checked at once; a revocation that committed
 *   while a stream was being registered is caught by the check each stream gets when it is added.
 * - Safety net: every RECHECK_MS, while any stream is open, one query checks the open streams' tokens
 *   (revoked, expired, or gone with their customer), so a token stopped by any other path (a future
 *   feature that revokes without publishing, an operator's SQL) ends its streams within that time.
 *   It costs one indexed query a minute per process, and none while no stream is open.
 */
import type { TokenRevocation } from '../../adapters/order-events/index.ts';

/** The safety-net check of the open streams' tokens. */
export const RECHECK_MS = 60_000;
/** setTimeout fires at once beyond this (about 24.8 days); longer waits are made of several steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a session needs of a stream: to be ended, and to say when it is closed. */
export type EndableStream = {
  end: () => unknown;
  once: (event: 'close', listener: () => void) => unknown;
};

export type StreamSession = { tokenId: string; expiresAt: Date };

type Log = { warn: (obj: object, msg: string) => void; debug: (obj: object, msg: string) => void };

export type StreamSessionsDeps = {
  /** Of `tokenIds`, those that still work now (not revoked, not expired). */
  liveTokens: (tokenIds: string[]) => Promise<string[]>;
  clock: () => Date;
  log: Log;
  recheckMs?: number;
};

export type StreamSessions = {
  /** Follows `stream` until it closes; ends it when its token stops working. */
  add: (stream: EndableStream, session: StreamSession) => Promise<void>;
  /** What the bus says (app.orderEvents.onTokensRevoked). */
  handle: (revocation: TokenRevocation) => void;
  /** Checks every open stream's token now. */
  recheck: () => Promise<void>;
  /** Open streams followed. */
  readonly size: number;
  /** Stops the timers (the streams themselves are ended by whoever closes the app). */
  close: () => void;
};

type Entry = { stream: EndableStream; tokenId: string; timer: NodeJS.Timeout | null };

export function createStreamSessions(deps: StreamSessionsDeps): StreamSessions {
  const recheckMs = deps.recheckMs ?? RECHECK_MS;
  const byToken = new Map<string, Set<Entry>>();
  let interval: NodeJS.Timeout | null = null;
  let closed = false;

  const forget = (entry: Entry) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    const set = byToken.get(entry.tokenId);
    set?.delete(entry);
    if (set && set.size === 0) byToken.delete(entry.tokenId);
    if (byToken.size === 0 && interval) {
      clearInterval(interval);
      interval = null;
    }
  };

  const end = (entry: Entry, reason: string) => {
    forget(entry);
    deps.log.debug({ reason }, 'status stream ended: its token no longer works');
    entry.stream.end();
  };

  const endToken = (tokenId: string, reason: string) => {
    for (const entry of [...(byToken.get(tokenId) ?? [])]) end(entry, reason);
  };

  const recheck = async () => {
    const tokenIds = [...byToken.keys()];
    if (tokenIds.length === 0) return;
    let live: Set<string>;
    try {
      live = new Set(await deps.liveTokens(tokenIds));
    } catch (error) {
      deps.log.warn({ err: error }, 'status streams: could not check their tokens; trying again later');
      return;
    }
    for (const tokenId of tokenIds) if (!live.has(tokenId)) endToken(tokenId, 'no longer valid');
  };

  /** Ends the stream when its token expires, in steps no timer overflows. */
  const arm = (entry: Entry, remainingMs: number) => {
    const step = Math.min(Math.max(remainingMs, 0), MAX_TIMER_MS);
    entry.timer = setTimeout(() => {
      if (remainingMs > step) arm(entry, remainingMs - step);
      else end(entry, 'expired');
    }, step);
    // An open stream keeps the process busy by itself; this timer need not.
    entry.timer.unref();
  };

  return {
    add: async (stream, session) => {
      if (closed) {
        stream.end();
        return;
      }
      const entry: Entry = { stream, tokenId: session.tokenId, timer: null };
      let set = byToken.get(entry.tokenId);
      if (!set) {
        set = new Set();
        byToken.set(entry.tokenId, set);
      }
      set.add(entry);
      stream.once('close', () => forget(entry));
      arm(entry, session.expiresAt.getTime() - deps.clock().getTime());
      if (!interval) {
        interval = setInterval(() => void recheck(), recheckMs);
        interval.unref();
      }
      // A sign-out that committed after this request's sign-in check but before this stream was
      // followed was heard by nobody for it: look once.
      try {
        const live = await deps.liveTokens([entry.tokenId]);
        if (!live.includes(entry.tokenId) && set.has(entry)) end(entry, 'no longer valid');
      } catch (error) {
        deps.log.warn({ err: error }, 'status stream: could not check its token; the next check will');
      }
    },
    handle: (revocation) => {
      if (revocation.kind === 'revoked') {
        for (const tokenId of revocation.tokenIds) endToken(tokenId, 'revoked');
      } else {
        void recheck();
      }
    },
    recheck,
    get size() {
      let n = 0;
      for (const set of byToken.values()) n += set.size;
      return n;
    },
    close: () => {
      closed = true;
      for (const set of [...byToken.values()]) for (const entry of [...set]) forget(entry);
    },
  };
}
