import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N = 2^14, r = 8, p = 1 (about 16 MB and tens of milliseconds per hash). */
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** scrypt needs 128 * N * r bytes; Node's default ceiling (32 MB) is enough only just, so say it. */
const maxmem = (N: number, r: number) => 128 * N * r * 2;

const derive = (password: string, salt: Buffer, options: ScryptOptions, length: number) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

/** 'scrypt$N$r$p$salt$hash' (salt and hash base64), the format of staff_accounts.password_hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await derive(password, salt, { N, r, p, maxmem: maxmem(N, r) }, KEY_LENGTH);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Whether `password` matches `stored`, compared in constant time. A malformed stored value never
 * matches. With `stored` null (no such account) a hash is still computed, so an unknown login takes
 * as long to refuse as a wrong password.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY).split('$');
  const [scheme, n, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((x) => Number.isInteger(x) && x > 0)) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    { ...params, maxmem: maxmem(params.N, params.r) },
    expected.length,
  );
  return timingSafeEqual(actual, expected) && stored !== null;
}

/** A hash of nothing anyone knows, with the real parameters (for unknown logins). */
const DUMMY = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
