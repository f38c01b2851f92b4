import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createStreamSlots } from './stream-slots.ts';

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
    const stream = new EventEmitter();
    first.holdUntilClosed(stream);
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
