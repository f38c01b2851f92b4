/**
 * A small Server-Sent Events parser (the WHATWG "event stream" format) for streams read with
 * fetch: the status stream needs the Authorization header, which EventSource cannot send. Feed it
 * text chunks as they arrive; it calls back once per complete event. Comments (lines starting with
 * ':', the server's heartbeats) and events without data are skipped; `retry` is reported.
 */
export type TSseEvent = { event: string; data: string; id: string | null };

export type TSseParser = {
  /** A decoded chunk of the stream; may end in the middle of a line or of an event. */
  push: (chunk: string) => void;
  /** The stream ended: a final event without its closing blank line is dropped, as the spec says. */
  end: () => void;
};

export function createSseParser(
  onEvent: (event: TSseEvent) => void,
  onRetry?: (milliseconds: number) => void,
): TSseParser {
  let buffer = '';
  let data: string[] = [];
  let eventName = '';
  let lastId: string | null = null;
  // A '\r' at the end of a chunk may be the first half of '\r\n'.
  let pendingCr = false;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n'), id: lastId });
    data = [];
    eventName = '';
  };

  const line = (text: string) => {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        data.push(value);
        break;
      case 'event':
        eventName = value;
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  };

  return {
    push(chunk) {
      let text = chunk;
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      data = [];
      eventName = '';
    },
  };
}
