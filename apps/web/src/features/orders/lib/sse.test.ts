import { describe, expect, it } from 'vitest';
import { createSseParser, type TSseEvent } from './sse';

function parse(chunks: string[]): { events: TSseEvent[]; retries: number[] } {
  const events: TSseEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser(
    (e) => events.push(e),
    (ms) => retries.push(ms),
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, retries };
}

describe('SSE parser', () => {
  it('reads events with names, ids and data', () => {
    const { events } = parse(['event: status\nid: 7\ndata: {"a":1}\n\n', 'data: plain\n\n']);
    expect(events).toEqual([
      { event: 'status', data: '{"a":1}', id: '7' },
      // The last id carries over; an unnamed event is a 'message'.
      { event: 'message', data: 'plain', id: '7' },
    ]);
  });

  it('joins multi-line data with newlines and keeps a value without the leading space', () => {
    const { events } = parse(['data: one\ndata:two\ndata\n\n']);
    expect(events[0]?.data).toBe('one\ntwo\n');
  });

  it('skips heartbeat comments and events without data', () => {
    const { events } = parse([': heartbeat\n\n', 'event: ping\n\n', ':\n', 'data: x\n\n']);
    expect(events.map((e) => e.data)).toEqual(['x']);
  });

  it('puts events back together across chunk boundaries, even inside a line', () => {
    const text = 'event: status\ndata: {"status":"new"}\n\ndata: {"status":"operator-accepted"}\n\n';
    const everySplit = Array.from({ length: text.length - 1 }, (_, i) => [
      text.slice(0, i + 1),
      text.slice(i + 1),
    ]);
    for (const chunks of everySplit) {
      expect(parse(chunks).events.map((e) => e.data)).toEqual([
        '{"status":"new"}',
        '{"status":"operator-accepted"}',
      ]);
    }
    // One character at a time.
    expect(parse([...text]).events).toHaveLength(2);
  });

  it('accepts CRLF and CR line endings, a CRLF split between chunks counting once', () => {
    expect(parse(['data: a\r\n\r\ndata: b\r\rdata: c\n\n']).events.map((e) => e.data)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(parse(['data: a\r', '\n\r', '\n']).events.map((e) => e.data)).toEqual(['a']);
  });

  it('drops an event the stream ended in the middle of', () => {
    expect(parse(['data: complete\n\ndata: cut off\n']).events.map((e) => e.data)).toEqual(['complete']);
  });

  it('reports a numeric retry and ignores unknown fields and a bad retry', () => {
    const { events, retries } = parse(['retry: 5000\nretry: soon\nfoo: bar\ndata: x\n\n']);
    expect(retries).toEqual([5000]);
    expect(events).toHaveLength(1);
  });
});
