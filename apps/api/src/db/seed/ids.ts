import { createHash } from 'node:crypto';

/** Fixed namespace so the same (kind, key) gives the same id on every machine and every reseed. */
const NAMESPACE = 'baraka-storefront-seed';

/**
 * A deterministic uuid for a seeded row, in the style of RFC 9562 version 5: the first 16 bytes of
 * sha1(namespace, kind, key) with the version (5) and variant (10xx) bits set, so any uuid
 * validator (zod's z.uuid()) accepts it. `kind` keeps equal keys of different tables apart
 * ('product' 'plov' vs 'category' 'plov').
 */
export function stableId(kind: string, key: string): string {
  const bytes = createHash('sha1').update(`${NAMESPACE}\u0000${kind}\u0000${key}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
