import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  installedRenderGate,
  installRenderGate,
  RenderGate,
  SLOT_HEADER,
  trackRequest,
  uninstallRenderGate,
} from './render-gate.mjs';

/** Whether a promise has settled by now (after the microtasks queued so far). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

afterEach(() => {
  vi.useRealTimers();
  uninstallRenderGate();
});

describe('RenderGate', () => {
  it('admits up to maxRenders at once, then queues in arrival order and admits as places free', async () => {
    const gate = new RenderGate({ maxRenders: 2, maxQueued: 10, maxWaitMs: 60_000 });
    expect(await gate.admit('a')).toBe(true);
    expect(await gate.admit('b')).toBe(true);
    const order: string[] = [];
    const c = gate.admit('c').then((ok) => order.push(`c:${ok}`));
    const d = gate.admit('d').then((ok) => order.push(`d:${ok}`));
    expect(gate.stats).toEqual({ rendering: 2, waiting: 2, refused: 0 });
    expect(await settled(c)).toBe(false);

    gate.release('b');
    await c;
    expect(order).toEqual(['c:true']);
    expect(await settled(d)).toBe(false);
    gate.release('a');
    await d;
    expect(order).toEqual(['c:true', 'd:true']);
    expect(gate.stats).toEqual({ rendering: 2, waiting: 0, refused: 0 });
  });

  it('lets no newcomer past those waiting, even when a place is free', async () => {
    const gate = new RenderGate({ maxRenders: 1, maxQueued: 10, maxWaitMs: 60_000 });
    await gate.admit('a');
    const b = gate.admit('b');
    // A place frees and is given to b at once; c, arriving after, waits.
    gate.release('a');
    expect(await b).toBe(true);
    const c = gate.admit('c');
    expect(await settled(c)).toBe(false);
    gate.release('b');
    expect(await c).toBe(true);
  });

  it('refuses at once when maxQueued are waiting, and with no queue at all', async () => {
    const gate = new RenderGate({ maxRenders: 1, maxQueued: 1, maxWaitMs: 60_000 });
    await gate.admit('a');
    const b = gate.admit('b');
    expect(await gate.admit('c')).toBe(false);
    expect(gate.stats).toEqual({ rendering: 1, waiting: 1, refused: 1 });
    gate.release('a');
    expect(await b).toBe(true);

    const none = new RenderGate({ maxRenders: 1, maxQueued: 0, maxWaitMs: 60_000 });
    expect(await none.admit('a')).toBe(true);
    expect(await none.admit('b')).toBe(false);

    // RENDER_QUEUE_WAIT_MS=0: no waiting either, whatever room the line has.
    const noWait = new RenderGate({ maxRenders: 1, maxQueued: 10, maxWaitMs: 0 });
    expect(await noWait.admit('a')).toBe(true);
    expect(await noWait.admit('b')).toBe(false);
    expect(noWait.stats).toEqual({ rendering: 1, waiting: 0, refused: 1 });
  });

  it('refuses a request that waited maxWaitMs, and gives its turn to the next', async () => {
    vi.useFakeTimers();
    const gate = new RenderGate({ maxRenders: 1, maxQueued: 10, maxWaitMs: 1_000 });
    await gate.admit('a');
    const b = gate.admit('b');
    await vi.advanceTimersByTimeAsync(500);
    const c = gate.admit('c');
    await vi.advanceTimersByTimeAsync(500);
    expect(await b).toBe(false);
    expect(gate.stats).toEqual({ rendering: 1, waiting: 1, refused: 1 });
    gate.release('a');
    expect(await c).toBe(true);
    // c's own timer was cleared when it was admitted: nothing refuses it later.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gate.stats).toEqual({ rendering: 1, waiting: 0, refused: 1 });
  });

  it('refuses a waiting request whose client went away, and ignores ids it never saw', async () => {
    const gate = new RenderGate({ maxRenders: 1, maxQueued: 10, maxWaitMs: 60_000 });
    await gate.admit('a');
    const b = gate.admit('b');
    gate.release('b');
    expect(await b).toBe(false);
    gate.release('never-seen');
    expect(gate.stats).toEqual({ rendering: 1, waiting: 0, refused: 1 });
  });

  it('admits an id it already admitted without taking a second place', async () => {
    const gate = new RenderGate({ maxRenders: 1, maxQueued: 0, maxWaitMs: 60_000 });
    expect(await gate.admit('a')).toBe(true);
    expect(await gate.admit('a')).toBe(true);
    expect(gate.stats.rendering).toBe(1);
    gate.release('a');
    expect(await gate.admit('b')).toBe(true);
  });

  it('reports refusals at most once per interval, counting those since the last report', async () => {
    const gate = new RenderGate({ maxRenders: 1, maxQueued: 0, maxWaitMs: 60_000 });
    expect(gate.reportDue(0, 60_000)).toBeNull();
    await gate.admit('a');
    await gate.admit('b');
    expect(gate.reportDue(0, 60_000)).toBe(1);
    await gate.admit('c');
    await gate.admit('d');
    expect(gate.reportDue(59_999, 60_000)).toBeNull();
    expect(gate.reportDue(60_000, 60_000)).toBe(2);
    // Nothing refused since: nothing to report, however late.
    expect(gate.reportDue(500_000, 60_000)).toBeNull();
  });

  it('takes new limits at once: more places admit those waiting', async () => {
    const gate = new RenderGate({ maxRenders: 1, maxQueued: 10, maxWaitMs: 60_000 });
    await gate.admit('a');
    const b = gate.admit('b');
    const c = gate.admit('c');
    gate.configure({ maxRenders: 3, maxQueued: 10, maxWaitMs: 60_000 });
    expect(await Promise.all([b, c])).toEqual([true, true]);
  });
});

describe('the gate in the process', () => {
  it('is installed once by the server and found through globalThis', () => {
    expect(installedRenderGate()).toBeNull();
    const gate = installRenderGate();
    expect(installRenderGate()).toBe(gate);
    expect(installedRenderGate()).toBe(gate);
  });
});

describe('trackRequest', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  /** A server that tracks every request and renders (holds a place) until told to answer. */
  async function listen(gate: RenderGate) {
    const seen: string[] = [];
    const answers = new Map<string, () => void>();
    server = createServer(async (req, res) => {
      trackRequest(req, res, gate);
      const id = String(req.headers[SLOT_HEADER]);
      seen.push(id);
      if (!(await gate.admit(id))) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200);
      res.write('started');
      answers.set(id, () => res.end());
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { port, seen, answers };
  }

  it("gives every request an id of its own over a client's, and frees its place when the response closes", async () => {
    const gate = new RenderGate({ maxRenders: 1, maxQueued: 0, maxWaitMs: 60_000 });
    const { port, seen, answers } = await listen(gate);
    const get = (headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ port, host: '127.0.0.1', headers }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });

    const first = get({ [SLOT_HEADER]: 'forged' });
    await vi.waitFor(() => expect(answers.size).toBe(1));
    expect(seen[0]).not.toBe('forged');
    expect(seen[0]).toMatch(/^\d+$/);
    // The one place is taken: the next is refused.
    expect((await get()).status).toBe(503);
    answers.get(seen[0] ?? '')?.();
    expect(await first).toEqual({ status: 200, body: 'started' });
    // Freed when the response closed: the next renders.
    const third = get();
    await vi.waitFor(() => expect(answers.size).toBe(2));
    expect(new Set(seen).size).toBe(3);
    answers.get(seen[2] ?? '')?.();
    expect((await third).status).toBe(200);
  });

  it('frees the place of a request whose client went away mid-answer', async () => {
    const gate = new RenderGate({ maxRenders: 1, maxQueued: 0, maxWaitMs: 60_000 });
    const { port, answers } = await listen(gate);
    const gone = request({ port, host: '127.0.0.1' }, (res) => {
      res.once('data', () => gone.destroy());
    });
    gone.on('error', () => undefined);
    gone.end();
    await vi.waitFor(() => expect(answers.size).toBe(1));
    await vi.waitFor(() => expect(gate.stats.rendering).toBe(0));
  });
});
