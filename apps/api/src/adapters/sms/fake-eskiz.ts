import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, form fields parsed. */
export type FakeEskizRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
};

/**
 * A stand-in for notify.eskiz.uz on 127.0.0.1 speaking its protocol (integrations.md): form login
 * for a bearer token, PATCH refresh, form send answering {id, status: 'waiting'}. Tests expire
 * tokens and make it fail to see how the adapter copes.
 */
export type FakeEskiz = {
  url: string;
  requests: FakeEskizRequest[];
  sent: FakeEskizRequest[];
  /** Makes every token issued so far invalid (as Eskiz does after 30 days). */
  expireTokens: () => void;
  /** Answers the next sends with this status and body instead of accepting them. */
  failSends: (status: number | null, body?: unknown) => void;
  refreshWorks: boolean;
  close: () => Promise<void>;
};

export const FAKE_ESKIZ_EMAIL = 'shop@example.uz';
export const FAKE_ESKIZ_PASSWORD = 'secret-password';

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  return Object.fromEntries(new URLSearchParams(raw));
}

export async function startFakeEskiz(): Promise<FakeEskiz> {
  const valid = new Set<string>();
  let issued = 0;
  let failure: { status: number; body: unknown } | null = null;
  const fake: Omit<FakeEskiz, 'url' | 'close'> & { server?: Server } = {
    requests: [],
    sent: [],
    expireTokens: () => valid.clear(),
    failSends: (status, body) => {
      failure = status === null ? null : { status, body: body ?? { message: 'Internal error' } };
    },
    refreshWorks: true,
  };
  const newToken = () => {
    const token = `token-${++issued}`;
    valid.add(token);
    return token;
  };
  const server = createServer(async (req, res) => {
    const form = await readForm(req);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const record = { method: req.method ?? '', path, authorization: req.headers.authorization, form };
    fake.requests.push(record);
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (req.method === 'POST' && path === '/api/auth/login') {
      if (form.email !== FAKE_ESKIZ_EMAIL || form.password !== FAKE_ESKIZ_PASSWORD) {
        return answer(401, { message: 'Invalid credentials' });
      }
      return answer(200, { message: 'token_generated', data: { token: newToken() }, token_type: 'bearer' });
    }
    if (req.method === 'PATCH' && path === '/api/auth/refresh') {
      if (!fake.refreshWorks) return answer(401, { message: 'Expired token' });
      return answer(200, { message: 'token_generated', data: { token: newToken() }, token_type: 'bearer' });
    }
    if (req.method === 'POST' && path === '/api/message/sms/send') {
      if (!valid.has(bearer)) return answer(401, { message: 'Expired token', status: 'token-invalid' });
      if (failure) return answer(failure.status, failure.body);
      fake.sent.push(record);
      return answer(200, {
        id: `sms-${fake.sent.length}`,
        message: 'Waiting for SMS provider',
        status: 'waiting',
      });
    }
    return answer(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  });
}
