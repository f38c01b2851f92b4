import type { PassThrough } from 'node:stream';
import { ZApiError } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cataloguedError } from '../../http/errors.ts';
import { createStreamSlots } from '../../http/stream-slots.ts';
import { createStreamSessions } from '../orders/stream-sessions.ts';
import { signedInStaff, staffGuard } from '../staff/staff.auth.ts';
import { StaffFeed } from './staff-feed.ts';
import {
  liveStaffTokenIds,
  outboxBounds,
  readChangesAfter,
  staffTokenExpiry,
} from './staff-stream.repository.ts';
import { HEARTBEAT_MS, openStaffStream, REPLAY_LIMIT } from './staff-stream.ts';

/** What a client refused for the stream limit is asked to wait, in seconds. */
const RETRY_AFTER_S = 10;
/**
 * Streams one staff member (all its tokens together) may hold in one process: its screens, tabs and
 * devices, a kitchen's few displays signed in with one account; more answer 429. So one member's
 * token (a courier's phone, say) cannot take the whole STAFF_STREAM_LIMIT.
 */
export const STAFF_STREAMS_PER_MEMBER = 10;

const ZStaffStreamHeaders = z.object({
  /** The outbox id of the last `event: order` or `event: reset` the client got. */
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'the id of an event of this stream')
    .optional(),
});

/**
 * GET /v1/staff/stream (issue 13): the staff workspace's live feed, Server-Sent Events scoped by role
 * and branch (staff-stream.ts), fed by the process's one StaffFeed over the order status bus. Open
 * streams end when the app closes, and when their token stops working (sign-out, heard on the bus;
 * expiry; a periodic check: modules/orders/stream-sessions.ts). At most STAFF_STREAM_LIMIT per process,
 * of which STAFF_STREAMS_PER_MEMBER per staff member.
 */
export async function staffStreamRoutes(app: FastifyInstance) {
  const open = new Set<PassThrough>();
  const slots = createStreamSlots({
    perProcess: app.config.STAFF_STREAM_LIMIT,
    perClient: STAFF_STREAMS_PER_MEMBER,
    retryAfterS: RETRY_AFTER_S,
    clientRefusal: `At most ${STAFF_STREAMS_PER_MEMBER} staff streams may be open at once`,
  });
  const endAll = () => {
    for (const stream of [...open]) stream.end();
    open.clear();
  };
  const feed = new StaffFeed({ db: app.db, orderEvents: app.orderEvents, log: app.log, onFailure: endAll });
  const sessions = createStreamSessions({
    liveTokens: (tokenIds) => liveStaffTokenIds(app.db, tokenIds, app.clock()),
    clock: app.clock,
    log: app.log,
  });
  const stopRevocations = app.orderEvents.onTokensRevoked((revocation) => sessions.handle(revocation));
  app.addHook('preClose', async () => {
    stopRevocations();
    sessions.close();
    endAll();
    feed.close();
  });

  app.get(
    '/v1/staff/stream',
    {
      // No HEAD: Fastify would answer one by running this handler and dropping the stream unread
      // (its place, heartbeat and feed listener kept); HEAD answers 404 like any unknown route.
      exposeHeadRoute: false,
      preHandler: staffGuard(app),
      schema: {
        tags: ['staff'],
        summary: 'The staff workspace’s live feed: order changes in the reader’s scope, catalogue changes',
        description: [
          'Server-Sent Events (`text/event-stream`), signed in with the staff token in `Authorization` (read',
          'it with fetch and a stream reader). Scoped like GET /v1/staff/orders: operator and chain manager',
          'every order of the chain, vendor and branch manager their branch, a courier delivery orders that',
          'become ready (or that another courier just took) and its own. Orders waiting for an online',
          "payment are not sent (their 'payment-received' step is). Messages: `event: order` with `id:` the",
          'change’s outbox id and `data` a StaffStreamOrder (re-read that order); `event: catalogue` with',
          '`data: {"tags":[...]}` (stop list, prices, branches changed); `event: reset` (with an `id:`):',
          're-read everything, sent on connecting without `Last-Event-ID`, and when the changes after it are',
          `no longer kept (about 10 minutes) or more than ${REPLAY_LIMIT} follow it. With \`Last-Event-ID\``,
          'the stream first replays the changes after it, then goes on live, each change once. A comment',
          `(\`: heartbeat\`) every ${HEARTBEAT_MS / 1000} s. The stream ends when the token is revoked or`,
          'expires (reconnect after signing in again). Beyond STAFF_STREAM_LIMIT open streams per process:',
          `503 with \`Retry-After\`; beyond ${STAFF_STREAMS_PER_MEMBER} open streams of one staff member (all its`,
          'sign-ins together): 429 with `Retry-After`.',
        ].join(' '),
        headers: ZStaffStreamHeaders,
        produces: ['text/event-stream'],
        response: { 400: ZApiError, 401: ZApiError, 429: ZApiError, 503: ZApiError },
      },
    },
    async (request, reply) => {
      const { staff, tokenId } = signedInStaff(request);
      // Taken before anything is awaited, so a burst of requests is counted one by one.
      const slot = slots.claim(staff.id);
      let out: PassThrough;
      let expiresAt: Date | null;
      try {
        const header = request.headers['last-event-id'];
        const lastEventId = typeof header === 'string' && header !== '' ? Number(header) : null;
        expiresAt = await staffTokenExpiry(app.db, tokenId);
        if (!expiresAt) throw cataloguedError(401, 'STAFF_UNAUTHORIZED', [undefined]);
        out = await openStaffStream({
          reader: staff,
          lastEventId,
          subscribe: (listener) => feed.add(listener),
          onCatalogueChanged: (listener) => app.orderEvents.onCatalogueChanged(listener),
          outboxBounds: () => outboxBounds(app.db),
          changesAfter: (afterId, limit) =>
            readChangesAfter(app.db, { afterId, shipperId: staff.shipperId, limit }),
          log: request.log,
        });
      } catch (error) {
        slot.release();
        throw error;
      }
      slot.holdUntilClosed(out, reply.raw);
      open.add(out);
      out.once('close', () => open.delete(out));
      out.once('finish', () => open.delete(out));
      await sessions.add(out, { tokenId, expiresAt });
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  );
}
