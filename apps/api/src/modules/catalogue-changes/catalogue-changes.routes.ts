import { PassThrough } from 'node:stream';
import { CACHE_TAGS, type TCatalogueChange, ZApiError } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { addressBucket } from '../../http/client-address.ts';
import { createStreamSlots } from '../../http/stream-slots.ts';

/** How often an idle stream sends a comment, so proxies keep the connection open. */
export const HEARTBEAT_MS = 15_000;
/** How long an EventSource waits before reconnecting. */
const RETRY_MS = 2_000;
/** What a client refused for the stream limit is asked to wait, in seconds. */
const RETRY_AFTER_S = 30;

export const formatChange = (change: TCatalogueChange) =>
  `event: change\ndata: ${JSON.stringify({ tags: change.tags })}\n\n`;
export const RESET_EVENT = 'event: reset\ndata: {}\n\n';

/**
 * GET /v1/catalogue-changes: the database's catalogue change announcements (migration 0009's
 * triggers, heard on the order-events bus) as Server-Sent Events, for the storefront's servers to
 * drop their cached pages. `event: reset` first on every connection (drop everything: changes
 * while disconnected were not heard), then `event: change` per announcement. At most
 * CATALOGUE_STREAM_LIMIT streams per process (503), of which CATALOGUE_STREAM_LIMIT_PER_ADDRESS per
 * client address (429): the route is open to anyone, and one address must not lock the storefront's
 * servers out.
 */
export async function catalogueChangeRoutes(app: FastifyInstance) {
  const heartbeatMs = HEARTBEAT_MS;
  /** Streams still open: ended when the app closes, and counted against the limit. */
  const open = new Set<PassThrough>();
  /** Places counted per process and per client address bucket (an IPv4 address, an IPv6 /64). */
  const slots = createStreamSlots({
    perProcess: app.config.CATALOGUE_STREAM_LIMIT,
    perClient: app.config.CATALOGUE_STREAM_LIMIT_PER_ADDRESS,
    retryAfterS: RETRY_AFTER_S,
    clientRefusal: 'Too many catalogue change streams are open from this address',
  });
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
    open.clear();
  });

  // Without the zod type provider: its 200 is a stream, which the provider's types (the 503's JSON
  // schema) would refuse; the schema below still documents and checks the route as usual.
  app.get(
    '/v1/catalogue-changes',
    {
      // No HEAD: Fastify would answer one by running this handler and dropping the stream unread
      // (its place, heartbeat and bus listener kept); HEAD answers 404 like any unknown route.
      exposeHeadRoute: false,
      schema: {
        tags: ['catalogue'],
        summary:
          'Catalogue, branch, shipper and content changes as Server-Sent Events (for storefront servers)',
        description: [
          'Answers `text/event-stream`. First `event: reset` with `data: {}`: drop everything cached (what',
          'changed while not connected was not heard). Then, for every committed write to the cached tables',
          '(by any API process, the seed, staff or SQL by hand), `event: change` with `data: {"tags":[...]}`,',
          `the tags being ${CACHE_TAGS.map((t) => `\`${t}\``).join(', ')}; a change may repeat. A comment line`,
          `(\`: heartbeat\`) every ${HEARTBEAT_MS / 1000} s keeps the connection open. Meant for a few`,
          'storefront servers: beyond the per-process limit (CATALOGUE_STREAM_LIMIT) it answers 503 with `Retry-After`,',
          'beyond the streams one client address may hold (CATALOGUE_STREAM_LIMIT_PER_ADDRESS) 429 with `Retry-After`.',
        ].join(' '),
        // No 200 schema: a 200 is the stream itself (Fastify never serialises a stream); the
        // document shows its type from `produces` (http/openapi.ts).
        produces: ['text/event-stream'],
        response: { 429: ZApiError, 503: ZApiError },
      },
    },
    async (request, reply) => {
      const slot = slots.claim(addressBucket(request.ip));
      const out = new PassThrough();
      slot.holdUntilClosed(out, reply.raw);
      open.add(out);
      const write = (text: string) => {
        if (!out.writableEnded && !out.destroyed) out.write(text);
      };
      const stop = app.orderEvents.onCatalogueChanged((change) => write(formatChange(change)));
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      let cleaned = false;
      const cleanup = () => {
        if (cleaned) return;
        cleaned = true;
        stop();
        clearInterval(heartbeat);
        open.delete(out);
      };
      out.on('close', cleanup);
      out.on('finish', cleanup);
      out.on('error', cleanup);
      write(`retry: ${RETRY_MS}\n\n${RESET_EVENT}`);
      request.log.info({ open: open.size }, 'catalogue change stream opened');
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  );
}
