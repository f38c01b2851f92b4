import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * TRUST_PROXY: which reverse proxies may tell the API the client's address in `X-Forwarded-For`
 * (request.ip, which every per-address limit counts by). Unset, empty or 'false': none, the socket's
 * peer is the client. Otherwise either
 * - a comma-separated list of the proxies' addresses or CIDR ranges (or proxy-addr's names loopback,
 *   linklocal, uniquelocal): request.ip is the nearest address in X-Forwarded-For that is not one of
 *   them, so a client's own forged entries in front of what the proxy appended are never read, and a
 *   client that reaches the API directly cannot use the header at all. The safe choice.
 * - a hop count N (1-10): the socket's peer and the N-1 entries nearest to it are proxies, the next
 *   entry is the client. For proxies whose addresses change (a cloud load balancer); safe only when
 *   nothing but those proxies can reach the API (HOST=localhost behind a local proxy, a private
 *   network), since a client that connects directly can write the entry that counts. Fastify 5.12
 *   ignores a bare number (trusting nobody), so `trustProxyOption` turns it into a trust function.
 * Refused: 'true' (trusts every hop: the client's leftmost entry becomes its address and every
 * per-address limit is void), and a /0 range (0.0.0.0/0, ::/0: every address, which is the same).
 */
/** More proxies than this in a row is a mistake, not a deployment. */
const MAX_PROXY_HOPS = 10;
/** Nobody, the proxies' addresses/ranges, or a count of hops (see above). */
export type TrustProxySetting = false | string[] | { hops: number };

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function: Fastify 5.12 treats a bare
 * number as "trust nobody". proxy-addr calls it with each address from the socket's peer (hop 0)
 * outwards and stops at the first it does not trust, which is then the client.
 */
export function trustProxyOption(
  setting: TrustProxySetting,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || Array.isArray(setting)) return setting;
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string) => {
  if (PROXY_NAMES.has(entry) || isIP(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const family = isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
};
/** A range of prefix length 0 (0.0.0.0/0, ::/0, or any address with /0): every address there is. */
const isEveryAddress = (entry: string) => /\/0+$/.test(entry);
const proxyEntries = (value: string) =>
  value
    .toLowerCase()
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
export const ZTrustProxy = z
  .string()
  .default('false')
  .superRefine((value, ctx) => {
    const v = value.trim().toLowerCase();
    if (v === 'false') return;
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          "'true' would trust every hop, letting any client choose its address with X-Forwarded-For; list the addresses or CIDR ranges of your proxies",
      });
    } else if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops < 1 || hops > MAX_PROXY_HOPS)
        ctx.addIssue({
          code: 'custom',
          message: `a hop count must be 1 to ${MAX_PROXY_HOPS} (or 'false', or the proxies' addresses)`,
        });
    } else {
      const bad = proxyEntries(v).filter((e) => !isProxyEntry(e));
      const everyone = proxyEntries(v).filter((e) => isProxyEntry(e) && isEveryAddress(e));
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `must be false or a comma-separated list of proxy addresses or CIDR ranges (not ${bad.join(', ')})`,
        });
      if (everyone.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `${everyone.join(', ')}: a /0 range trusts every address, as 'true' would, letting any client choose its address with X-Forwarded-For; list the addresses or CIDR ranges of your proxies`,
        });
    }
  })
  .transform((value): TrustProxySetting => {
    const v = value.trim().toLowerCase();
    if (v === 'false') return false;
    if (/^\d+$/.test(v)) return { hops: Number(v) };
    return proxyEntries(v);
  });
