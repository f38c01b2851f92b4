import { cataloguedError } from './errors.ts';

/**
 * The places of a long-lived answer (a Server-Sent Events stream): at most `perProcess` open in this
 * process, and at most `perClient` for any one client (a customer, a staff member, a client address),
 * so that one client cannot hold every place the process has (the customer status streams, the staff
 * stream, the catalogue changes stream).
 *
 * A place is taken before the route awaits anything: concurrent requests are counted one by one, so
 * a burst of them cannot all pass the check while the first ones are still being set up. It is given
 * back exactly once: when its stream closes, ends or fails, or the response it is sent on closes
 * (`holdUntilClosed`), or when the request fails before there is a stream (`release`).
 *
 * The stream routes answer no HEAD (`exposeHeadRoute: false`): Fastify answers a HEAD by running the
 * GET handler and dropping the body, so nobody would ever read or close that stream.
 */

/** What a place needs of a stream: to say when it is over, and to be ended from outside. */
export type ClosingStream = {
  once: (event: 'close' | 'finish' | 'error', listener: () => void) => unknown;
  destroy: () => unknown;
};

/** What a place needs of the HTTP response a stream is sent on (Node's ServerResponse). */
export type ClosingResponse = {
  once: (event: 'close', listener: () => void) => unknown;
  readonly closed?: boolean;
  readonly destroyed?: boolean;
};

export type StreamSlot = {
  /** Gives the place back (once; later calls do nothing). */
  release: () => void;
  /**
   * Gives the place back when `stream` closes, ends or fails, or when `response` (the raw response
   * the stream is sent on: `reply.raw`) closes, which also destroys the stream (its own 'close' then
   * stops its heartbeat and listeners). So a stream nobody ever reads (a client gone before it was
   * piped, an answer sent without its body) still gives its place back; a response already closed
   * gives it back at once.
   */
  holdUntilClosed: (stream: ClosingStream, response: ClosingResponse) => void;
};

/** Which limit refused a place: the process's or the client's. */
export type StreamRefusal = 'process' | 'client';

export type StreamSlots = {
  /** A place for `client`, or the limit that refuses one. */
  take: (client: string) => StreamSlot | StreamRefusal;
  /**
   * A place for `client`, or the route's refusal: 503 when the process is full, 429 when the client
   * holds its share, both with `Retry-After` (`limits.retryAfterS`) and the client's refusal told in
   * `limits.clientRefusal` (Fastify's kind of English detail, translated for ru and uz).
   */
  claim: (client: string) => StreamSlot;
  /** Places taken in this process. */
  readonly size: number;
  /** Places `client` holds. */
  heldBy: (client: string) => number;
};

export function createStreamSlots(limits: {
  perProcess: number;
  perClient: number;
  retryAfterS?: number;
  clientRefusal?: string;
}): StreamSlots {
  let total = 0;
  const byClient = new Map<string, number>();
  const take = (client: string): StreamSlot | StreamRefusal => {
    if (total >= limits.perProcess) return 'process';
    const held = byClient.get(client) ?? 0;
    if (held >= limits.perClient) return 'client';
    total += 1;
    byClient.set(client, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      total -= 1;
      const left = (byClient.get(client) ?? 1) - 1;
      if (left > 0) byClient.set(client, left);
      else byClient.delete(client);
    };
    return {
      release,
      holdUntilClosed: (stream, response) => {
        stream.once('close', release);
        stream.once('finish', release);
        stream.once('error', release);
        const responseClosed = () => {
          release();
          stream.destroy();
        };
        if (response.closed || response.destroyed) responseClosed();
        else response.once('close', responseClosed);
      },
    };
  };
  const retryAfter = { headers: { 'retry-after': String(limits.retryAfterS ?? 30) } };
  return {
    take,
    claim: (client) => {
      const slot = take(client);
      if (slot === 'process') throw cataloguedError(503, 'SERVICE_UNAVAILABLE', [undefined], retryAfter);
      if (slot === 'client') {
        const detail = limits.clientRefusal ?? `At most ${limits.perClient} streams may be open at once`;
        throw cataloguedError(429, 'TOO_MANY_REQUESTS', [{ detail }], retryAfter);
      }
      return slot;
    },
    get size() {
      return total;
    },
    heldBy: (client) => byClient.get(client) ?? 0,
  };
}
