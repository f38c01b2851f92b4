/**
 * The places of a long-lived answer (a Server-Sent Events stream): at most `perProcess` open in this
 * process, and at most `perClient` for any one client (a customer, a staff member, a client address),
 * so that one client cannot hold every place the process has (the customer status streams, the staff
 * stream, the catalogue changes stream).
 *
 * A place is taken before the route awaits anything: concurrent requests are counted one by one, so
 * a burst of them cannot all pass the check while the first ones are still being set up. It is given
 * back exactly once: when its stream closes, ends or fails (`holdUntilClosed`), or when the request
 * fails before there is a stream (`release`).
 */

/** What a place needs of a stream: to say when it is over. */
export type ClosingStream = {
  once: (event: 'close' | 'finish' | 'error', listener: () => void) => unknown;
};

export type StreamSlot = {
  /** Gives the place back (once; later calls do nothing). */
  release: () => void;
  /** Gives the place back when `stream` closes, ends or fails. */
  holdUntilClosed: (stream: ClosingStream) => void;
};

/** Which limit refused a place: the process's or the client's. */
export type StreamRefusal = 'process' | 'client';

export type StreamSlots = {
  /** A place for `client`, or the limit that refuses one. */
  take: (client: string) => StreamSlot | StreamRefusal;
  /** Places taken in this process. */
  readonly size: number;
  /** Places `client` holds. */
  heldBy: (client: string) => number;
};

export function createStreamSlots(limits: { perProcess: number; perClient: number }): StreamSlots {
  let total = 0;
  const byClient = new Map<string, number>();
  return {
    take: (client) => {
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
        holdUntilClosed: (stream) => {
          stream.once('close', release);
          stream.once('finish', release);
          stream.once('error', release);
        },
      };
    },
    get size() {
      return total;
    },
    heldBy: (client) => byClient.get(client) ?? 0,
  };
}
