import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { DbHandle } from './db/client.ts';
import { isLoopback } from './http/client-address.ts';
import { listen } from './listen.ts';
import { createTestDb } from './test/test-db.ts';

let db: DbHandle;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await db?.close();
});

async function start(host: string): Promise<AddressInfo[]> {
  app = await buildApp({ db, env: { LOG_LEVEL: 'silent' }, logger: false, runJobs: false });
  return listen(app, { host, port: 0 });
}

/** GET /healthz at one address: its status, or the connection error's code (ECONNREFUSED). */
function healthAt(address: string, port: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: address, port, path: '/healthz', timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

/** An address of this machine on a real network interface (the LAN a café's guests share). */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe('where the API listens', () => {
  it('HOST=localhost: 127.0.0.1 and ::1 answer, and nothing else is bound', async () => {
    const bound = await start('localhost');
    const port = bound[0]?.port ?? 0;
    expect(bound.map((a) => a.address).sort()).toEqual(['127.0.0.1', '::1']);
    expect(bound.every((a) => isLoopback(a.address) && a.port === port)).toBe(true);
    expect(app?.addresses().every((a) => typeof a === 'object' && isLoopback(a.address))).toBe(true);
    expect(await healthAt('127.0.0.1', port)).toBe(200);
    expect(await healthAt('::1', port)).toBe(200);
  });

  it.skipIf(!lanAddress)('HOST=localhost: the machine is not reachable on its network address', async () => {
    const bound = await start('localhost');
    expect(await healthAt(lanAddress ?? '', bound[0]?.port ?? 0)).toBe('ECONNREFUSED');
  });

  it.skipIf(!lanAddress)('HOST=0.0.0.0: every interface, when an operator asks for it', async () => {
    const bound = await start('0.0.0.0');
    expect(bound.map((a) => a.address)).toEqual(['0.0.0.0']);
    expect(await healthAt(lanAddress ?? '', bound[0]?.port ?? 0)).toBe(200);
  });

  it('HOST=:: : every interface, IPv4 too (dual stack)', async () => {
    const bound = await start('::');
    expect(bound.map((a) => a.address)).toEqual(['::']);
    expect(await healthAt('127.0.0.1', bound[0]?.port ?? 0)).toBe(200);
  });

  it('closing the app closes both loopback servers', async () => {
    const bound = await start('localhost');
    const port = bound[0]?.port ?? 0;
    await app?.close();
    app = undefined;
    expect(await healthAt('127.0.0.1', port)).toBe('ECONNREFUSED');
    expect(await healthAt('::1', port)).toBe('ECONNREFUSED');
  });
});
