import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, its JSON body parsed. */
export type FakeIikoRequest = {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
};

export type FakeIikoGuest = { id: string; walletId: string; balance: number };

/**
 * A stand-in for iiko Cloud on 127.0.0.1 speaking its loyalty protocol (integrations.md): a session
 * token for the apiLogin, the guest and wallet balances by phone, wallet chargeoff and topup. Errors
 * come as iiko sends them: `{correlationId, errorDescription, error}` with HTTP 400 / 401 / 500.
 * Tests add guests, expire tokens, make it fail or hang to see how the adapter copes.
 */
export type FakeIiko = {
  url: string;
  requests: FakeIikoRequest[];
  /** Adds a guest with a bonus wallet (type 1) under `phone` ('+998...'). */
  addGuest: (phone: string, balance: number) => FakeIikoGuest;
  guest: (phone: string) => FakeIikoGuest | undefined;
  /** Makes every token issued so far invalid (iiko's tokens expire after about an hour). */
  expireTokens: () => void;
  /** Answers the next calls of `path` with this status and body instead of serving them. */
  fail: (path: string, status: number | null, body?: unknown) => void;
  /** Waits this long before answering anything (a hung iiko). */
  delayMs: number;
  /**
   * Holds every call of `path` from now on, before it is served, until `release` (an iiko in the middle
   * of a call, for as long as a test needs); `arrived(n)` resolves once `n` calls are held.
   */
  hold: (path: string) => { arrived: (n: number) => Promise<void>; release: () => void };
  close: () => Promise<void>;
};

export const FAKE_IIKO_API_LOGIN = 'fake-iiko-api-login';
export const FAKE_IIKO_ORGANIZATION_ID = '7b1d0f52-3c55-4a8e-9a39-2f4a0c1b6e01';

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function startFakeIiko(): Promise<FakeIiko> {
  const valid = new Set<string>();
  const guests = new Map<string, FakeIikoGuest & { phone: string }>();
  const failures = new Map<string, { status: number; body: unknown }>();
  const holds = new Map<string, { gate: Promise<void>; held: number; onArrive: () => void }>();
  let issued = 0;
  const fake: Omit<FakeIiko, 'url' | 'close'> = {
    requests: [],
    addGuest: (phone, balance) => {
      const guest = { id: randomUUID(), walletId: randomUUID(), balance, phone };
      guests.set(phone, guest);
      return guest;
    },
    guest: (phone) => guests.get(phone),
    expireTokens: () => valid.clear(),
    fail: (path, status, body) => {
      if (status === null) failures.delete(path);
      else failures.set(path, { status, body: body ?? iikoError('Internal server error') });
    },
    delayMs: 0,
    hold: (path) => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const entry = { gate, held: 0, onArrive: () => {} };
      holds.set(path, entry);
      return {
        arrived: (n) =>
          new Promise<void>((resolve) => {
            const check = () => {
              if (entry.held >= n) resolve();
            };
            entry.onArrive = check;
            check();
          }),
        release: () => {
          if (holds.get(path) === entry) holds.delete(path);
          release();
        },
      };
    },
  };
  const iikoError = (description: string) => ({
    correlationId: randomUUID(),
    errorDescription: description,
    error: description,
  });
  const byId = (id: unknown) => [...guests.values()].find((g) => g.id === id);

  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    const path = (req.url ?? '').split('?')[0] ?? '';
    fake.requests.push({ path, authorization: req.headers.authorization, body });
    const answer = (status: number, payload: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    const held = holds.get(path);
    if (held) {
      held.held += 1;
      held.onArrive();
      await held.gate;
    }
    if (req.method !== 'POST') return answer(405, iikoError('Method not allowed'));
    const failure = failures.get(path);
    if (failure) return answer(failure.status, failure.body);
    if (path === '/api/1/access_token') {
      if (body.apiLogin !== FAKE_IIKO_API_LOGIN) return answer(401, iikoError('Login is not authorized'));
      const token = `iiko-token-${++issued}`;
      valid.add(token);
      return answer(200, { correlationId: randomUUID(), token });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!valid.has(bearer)) return answer(401, iikoError('Authorization failed: token expired'));
    if (body.organizationId !== FAKE_IIKO_ORGANIZATION_ID) {
      return answer(400, iikoError('Organization not found'));
    }
    if (path === '/api/1/loyalty/iiko/customer/info') {
      if (body.type !== 'phone' || typeof body.phone !== 'string') {
        return answer(400, iikoError('Bad request: type and phone are required'));
      }
      const guest = guests.get(body.phone);
      if (!guest) return answer(400, iikoError(`There is no user with phone ${body.phone}`));
      return answer(200, {
        id: guest.id,
        phone: guest.phone,
        name: 'Guest',
        walletBalances: [
          { id: randomUUID(), name: 'Deposit', type: 0, balance: 999_999 },
          { id: guest.walletId, name: 'Bonus', type: 1, balance: guest.balance },
        ],
      });
    }
    if (
      path === '/api/1/loyalty/iiko/customer/wallet/chargeoff' ||
      path === '/api/1/loyalty/iiko/customer/wallet/topup'
    ) {
      const guest = byId(body.customerId);
      if (!guest || body.walletId !== guest.walletId)
        return answer(400, iikoError('Customer or wallet not found'));
      const sum = body.sum;
      if (typeof sum !== 'number' || !(sum > 0)) return answer(400, iikoError('Sum must be positive'));
      if (path.endsWith('chargeoff')) {
        if (guest.balance < sum) return answer(400, iikoError('Not enough money on the wallet'));
        guest.balance -= sum;
      } else {
        guest.balance += sum;
      }
      return answer(200, {});
    }
    return answer(404, iikoError('Not found'));
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
