/**
 * The status streams' sessions (stream-sessions.ts) with fake timers and a fake token table; the
 * same on a real server and database: status-stream.test.ts.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStreamSessions, RECHECK_MS } from './stream-sessions.ts';

const NOW = new Date('2026-03-01T09:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const TOKEN_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** A stream that records being ended and closes like a PassThrough whose reader went away. */
class FakeStream extends EventEmitter {
  ended = false;
  end() {
    this.ended = true;
    this.emit('close');
  }
}

const log = { warn: vi.fn(), debug: vi.fn() };

function setup(recheckMs = RECHECK_MS) {
  /** The tokens that still work. */
  const live = new Set([TOKEN_A, TOKEN_B]);
  const liveTokens = vi.fn(async (ids: string[]) => ids.filter((id) => live.has(id)));
  const sessions = createStreamSessions({ liveTokens, clock: () => NOW, log, recheckMs });
  return { live, liveTokens, sessions };
}

const inDays = (days: number) => new Date(NOW.getTime() + days * DAY_MS);

describe('status stream sessions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends the streams of a revoked token only, and forgets them', async () => {
    const { sessions } = setup();
    const [a1, a2, b] = [new FakeStream(), new FakeStream(), new FakeStream()];
    await sessions.add(a1, { tokenId: TOKEN_A, expiresAt: inDays(30) });
    await sessions.add(a2, { tokenId: TOKEN_A, expiresAt: inDays(30) });
    await sessions.add(b, { tokenId: TOKEN_B, expiresAt: inDays(30) });
    sessions.handle({ kind: 'revoked', tokenIds: [TOKEN_A] });
    expect([a1.ended, a2.ended, b.ended]).toEqual([true, true, false]);
    expect(sessions.size).toBe(1);
    sessions.close();
  });

  it('ends a stream when its token expires, also beyond what one timer can wait', async () => {
    // The safety-net check every 10 days only, so a month of fake time runs quickly.
    const { sessions } = setup(10 * DAY_MS);
    const soon = new FakeStream();
    const month = new FakeStream();
    await sessions.add(soon, { tokenId: TOKEN_A, expiresAt: new Date(NOW.getTime() + 1_500) });
    // 30 days: more than setTimeout's 2^31-1 ms, which would fire at once.
    await sessions.add(month, { tokenId: TOKEN_B, expiresAt: inDays(30) });
    await vi.advanceTimersByTimeAsync(1_499);
    expect(soon.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(soon.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(25 * DAY_MS);
    expect(month.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(5 * DAY_MS - 1_501);
    expect(month.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(month.ended).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('checks the open streams’ tokens every RECHECK_MS, and runs no timer while none is open', async () => {
    const { sessions, live, liveTokens } = setup();
    const a = new FakeStream();
    const b = new FakeStream();
    await sessions.add(a, { tokenId: TOKEN_A, expiresAt: inDays(1) });
    await sessions.add(b, { tokenId: TOKEN_B, expiresAt: inDays(1) });
    liveTokens.mockClear();
    // Revoked without a word on the bus (an operator's SQL, say).
    live.delete(TOKEN_A);
    await vi.advanceTimersByTimeAsync(RECHECK_MS - 1);
    expect(a.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(liveTokens).toHaveBeenCalledWith([TOKEN_A, TOKEN_B]);
    expect([a.ended, b.ended]).toEqual([true, false]);
    b.emit('close'); // the reader went away
    expect(sessions.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('checks at once when the bus may have missed a revocation', async () => {
    const { sessions, live } = setup();
    const a = new FakeStream();
    await sessions.add(a, { tokenId: TOKEN_A, expiresAt: inDays(1) });
    live.delete(TOKEN_A);
    sessions.handle({ kind: 'maybe-missed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.ended).toBe(true);
  });

  it('ends a stream whose token was revoked before it was followed', async () => {
    const { sessions, live } = setup();
    live.delete(TOKEN_A);
    const a = new FakeStream();
    await sessions.add(a, { tokenId: TOKEN_A, expiresAt: inDays(1) });
    expect(a.ended).toBe(true);
    expect(sessions.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps streams open when the check fails, and checks again later', async () => {
    const { sessions, liveTokens, live } = setup();
    const a = new FakeStream();
    await sessions.add(a, { tokenId: TOKEN_A, expiresAt: inDays(1) });
    liveTokens.mockRejectedValueOnce(new Error('database gone'));
    live.delete(TOKEN_A);
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    expect(a.ended).toBe(false);
    expect(log.warn).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    expect(a.ended).toBe(true);
  });

  it('stops every timer on close, and ends streams added after', async () => {
    const { sessions } = setup();
    const a = new FakeStream();
    await sessions.add(a, { tokenId: TOKEN_A, expiresAt: inDays(1) });
    expect(vi.getTimerCount()).toBe(2);
    sessions.close();
    expect(vi.getTimerCount()).toBe(0);
    const late = new FakeStream();
    await sessions.add(late, { tokenId: TOKEN_B, expiresAt: inDays(1) });
    expect(late.ended).toBe(true);
  });
});
