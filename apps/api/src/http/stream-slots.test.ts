import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createStreamSlots } from './stream-slots.ts';

/** A stream that says when it closes, and is destroyed from outside. */
class FakeStream extends EventEmitter {
  destroyed = false;
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('close');
  }
}
const fakeStream = () => new FakeStream();
/** The HTTP response a stream is sent on. */
const fakeResponse = (closed = false) => Object.assign(new EventEmitter(), { closed, destroyed: false });

describe('createStreamSlots', () => {
  it("refuses beyond the client's share ('client') and beyond the process's ('process')", () => {
    const slots = createStreamSlots({ perProcess: 3, perClient: 2 });
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(typeof a1).toBe('object');
    expect(typeof a2).toBe('object');
    expect(slots.take('a')).toBe('client');
    expect(typeof slots.take('b')).toBe('object');
    expect(slots.take('c')).toBe('process');
    expect(slots.size).toBe(3);
    expect(slots.heldBy('a')).toBe(2);
  });

  it('gives a place back once, however often it is released or its stream closes', () => {
    const slots = createStreamSlots({ perProcess: 2, perClient: 2 });
    const first = slots.take('a');
    const second = slots.take('a');
    if (typeof first !== 'object' || typeof second !== 'object') throw new Error('refused');
    const stream = fakeStream();
    first.holdUntilClosed(stream, fakeResponse());
    stream.emit('finish');
    stream.emit('close');
    first.release();
    expect(slots.size).toBe(1);
    expect(slots.heldBy('a')).toBe(1);
    second.release();
    second.release();
    expect(slots.size).toBe(0);
    expect(slots.heldBy('a')).toBe(0);
    expect(typeof slots.take('a')).toBe('object');
  });
});

describe('holdUntilClosed: a stream nobody reads', () => {
  it('gives the place back and ends the stream when its response closes, though the stream never did', () => {
    // A HEAD answered without its body, a client gone before the stream was piped: the response
    // closes, the stream would stay open for good (heartbeat, bus listener) and keep its place.
    const slots = createStreamSlots({ perProcess: 2, perClient: 2 });
    const slot = slots.claim('a');
    const stream = fakeStream();
    const response = fakeResponse();
    slot.holdUntilClosed(stream, response);
    expect(slots.size).toBe(1);
    response.emit('close');
    expect(slots.size).toBe(0);
    expect(slots.heldBy('a')).toBe(0);
    expect(stream.destroyed).toBe(true);
  });

  it('gives the place back at once when the response closed before the stream was ready', () => {
    const slots = createStreamSlots({ perProcess: 2, perClient: 2 });
    const slot = slots.claim('a');
    const stream = fakeStream();
    slot.holdUntilClosed(stream, fakeResponse(true));
    expect(slots.size).toBe(0);
    expect(stream.destroyed).toBe(true);
  });
});

describe('claim: the route’s refusal', () => {
  it('answers 429 with Retry-After and the client’s detail, then 503 when the process is full', () => {
    const slots = createStreamSlots({
      perProcess: 2,
      perClient: 1,
      retryAfterS: 12,
      clientRefusal: 'One is enough',
    });
    slots.claim('a');
    expect(() => slots.claim('a')).toThrow(
      expect.objectContaining({
        statusCode: 429,
        code: 'TOO_MANY_REQUESTS',
        headers: { 'retry-after': '12' },
      }),
    );
    slots.claim('b');
    expect(() => slots.claim('c')).toThrow(
      expect.objectContaining({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        headers: { 'retry-after': '12' },
      }),
    );
    expect(slots.size).toBe(2);
  });
});
