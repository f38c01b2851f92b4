/**
 * A Server-Sent Events response the test writes into, for the unit tests of the staff stream and the
 * order status feed; test-only (lint refuses an import from production code). Aborting the request's
 * signal breaks the body, as fetch does.
 */
export type TFakeSse = {
  send: (text: string) => void;
  end: () => void;
  fail: () => void;
};

const encoder = new TextEncoder();

/** The stream's response: with `status` 200 an open event stream, otherwise a JSON error body. */
export function openFakeSse(signal: AbortSignal, status = 200): { response: Response; stream: TFakeSse } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal.addEventListener('abort', () => {
    try {
      controller.error(new DOMException('aborted', 'AbortError'));
    } catch {
      // already closed
    }
  });
  const stream: TFakeSse = {
    send: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network')),
  };
  return {
    response: new Response(status === 200 ? body : JSON.stringify({ message: 'x' }), {
      status,
      headers: { 'Content-Type': 'text/event-stream' },
    }),
    stream,
  };
}
