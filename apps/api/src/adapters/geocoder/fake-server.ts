import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export type FakeRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Date.now() when it arrived. */
  at: number;
};

/** What the fake answers: a status and a JSON body (or raw text), optionally after a delay. */
export type FakeAnswer = { status?: number; body?: unknown; text?: string; delayMs?: number };

/**
 * A stand-in for a geocoding service on 127.0.0.1 (Yandex Geocoder, Nominatim): records every request
 * and answers what the test's `respond` returns, so tests check the exact request and every failure.
 */
export type FakeGeocodingServer = {
  url: string;
  requests: FakeRequest[];
  respond: (request: FakeRequest) => FakeAnswer;
  close: () => Promise<void>;
};

export async function startFakeGeocodingServer(): Promise<FakeGeocodingServer> {
  const fake: Omit<FakeGeocodingServer, 'url' | 'close'> = {
    requests: [],
    respond: () => ({ status: 404, body: { message: 'Not found' } }),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      at: Date.now(),
    };
    fake.requests.push(request);
    const answer = fake.respond(request);
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(answer.text ?? JSON.stringify(answer.body ?? null));
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  });
}
