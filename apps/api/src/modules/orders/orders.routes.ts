import type { PassThrough } from 'node:stream';
import { ZApiError, ZOrderDetail, ZOrderParams, ZOrdersQuery, ZOrdersResponse } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/auth.ts';
import { localeFromAcceptLanguage } from '../../http/locale.ts';
import { createStreamSlots } from '../../http/stream-slots.ts';
import { liveTokenIds, type OrderOwner } from './orders.repository.ts';
import { getCustomerOrder, getCustomerOrders, getOrderStatusEvent, orderNotFound } from './orders.service.ts';
import { HEARTBEAT_MS, openStatusStream } from './status-stream.ts';
import { createStreamSessions } from './stream-sessions.ts';

/**
 * Status streams one customer may have open in one process (an order page in a few tabs or devices,
 * several orders at once); more answer 429. A reload closes the old stream before opening the new.
 */
export const STATUS_STREAMS_PER_CUSTOMER = 5;
/** What a client refused for a stream limit is asked to wait, in seconds. */
const RETRY_AFTER_S = 30;

const errors = { 400: ZApiError, 401: ZApiError };

/** The signed-in customer's orders (issue 5): the lists, one order, its live status. */
export async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const preHandler = app.requireCustomer;
  const owner = (request: FastifyRequest): OrderOwner => ({
    shipperId: request.shipperId,
    customerId: signedIn(request).customer.id,
  });

  /** Streams still open: ended when the app closes, so the server does not wait on them. */
  const openStreams = new Set<PassThrough>();
  /** Each stream ends when the token it was opened with is revoked or expires (stream-sessions.ts). */
  const sessions = createStreamSessions({
    liveTokens: (tokenIds) => liveTokenIds(app.db, tokenIds, app.clock()),
    clock: app.clock,
    log: app.log,
  });
  /** Places for streams: ORDER_STATUS_STREAM_LIMIT in the process, STATUS_STREAMS_PER_CUSTOMER each. */
  const slots = createStreamSlots({
    perProcess: app.config.ORDER_STATUS_STREAM_LIMIT,
    perClient: STATUS_STREAMS_PER_CUSTOMER,
    retryAfterS: RETRY_AFTER_S,
    clientRefusal: `At most ${STATUS_STREAMS_PER_CUSTOMER} order status streams may be open at once`,
  });
  const stopRevocations = app.orderEvents.onTokensRevoked(sessions.handle);
  app.addHook('preClose', async () => {
    stopRevocations();
    sessions.close();
    for (const stream of openStreams) stream.end();
    openStreams.clear();
  });

  app.get(
    '/v2/orders',
    {
      preHandler,
      schema: {
        tags,
        summary: "The signed-in customer's current orders or order history, newest first",
        description:
          "current: new, scheduled, accepted, being prepared, ready, with the courier, on its way, awaiting payment; history: delivered, finished and cancelled. `payment_link`: an online order still awaiting its payment, the provider's page to pay it (as on the order's page); null otherwise. Paging: `next_before` names the page's last order while more follow; passing it as `before` reads the next page by key, so an order moving between the two lists neither repeats nor hides another (`page` counts by position and is not used beside `before`).",
        querystring: ZOrdersQuery,
        response: { 200: ZOrdersResponse, ...errors },
      },
    },
    async (request) =>
      getCustomerOrders(app.db, owner(request), request.query, {
        config: app.config,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
      }),
  );

  app.get(
    '/v2/orders/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: "One of the signed-in customer's orders with every field, its lines and status history",
        description:
          "`can_review` on a line: the order is delivered or finished and the customer has not yet rated that dish. Another customer's order answers 404, like an unknown one.",
        params: ZOrderParams,
        response: { 200: ZOrderDetail, ...errors, 404: ZApiError },
      },
    },
    async (request) =>
      getCustomerOrder(app.db, owner(request), request.params.id, {
        config: app.config,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
      }),
  );

  app.get(
    '/v2/orders/:id/status-stream',
    {
      // No HEAD: Fastify would answer one by running this handler and dropping the stream unread
      // (its place, heartbeat and bus subscription kept); HEAD answers 404 like any unknown route.
      exposeHeadRoute: false,
      preHandler,
      schema: {
        tags,
        summary: "The order's status as Server-Sent Events",
        description: [
          'Answers `text/event-stream`. The first event is the current status, then one event per change, each',
          '`event: status` with a JSON `data` of `{order_id, status, at, courier}` (ZOrderStatusEvent) and `id` = `at`.',
          `A comment line (\`: heartbeat\`) every ${HEARTBEAT_MS / 1000} s keeps the connection open. The stream ends`,
          'after a terminal status (finished or cancelled), and when the token it was opened with stops working',
          '(sign-out, expiry), in whichever API process the stream runs. Authorization is the usual header, so read it with',
          'fetch rather than EventSource. Changes written by any API process reach it (PostgreSQL LISTEN/NOTIFY).',
          "Errors are the usual JSON: 400 (not a uuid), 401 (not signed in), 404 (unknown or another customer's order),",
          `429 with \`Retry-After\` (the customer already has ${STATUS_STREAMS_PER_CUSTOMER} streams open in this process:`,
          'close one), 503 with `Retry-After` (the process has ORDER_STATUS_STREAM_LIMIT streams open). The order id',
          'may be sent in either case; `order_id` in the events is always lower case.',
        ].join(' '),
        params: ZOrderParams,
        // No response schema: a 200 is the stream itself (Fastify never serialises a stream). The
        // document shows its type, and the usual JSON errors (http/openapi.ts).
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const who = owner(request);
      const { tokenId, tokenExpiresAt } = signedIn(request);
      // The bus and the database spell an order's id in lower case; a uuid may be sent in either.
      const orderId = request.params.id.toLowerCase();
      // Taken before anything is awaited, so a burst of requests is counted one by one.
      const slot = slots.claim(who.customerId);
      let stream: PassThrough;
      try {
        const first = await getOrderStatusEvent(app.db, who, orderId);
        if (!first) throw orderNotFound();
        stream = await openStatusStream({
          orderId,
          subscribe: (listener) => app.orderEvents.subscribe(orderId, listener),
          readCurrent: () => getOrderStatusEvent(app.db, who, orderId),
          log: request.log,
        });
      } catch (error) {
        slot.release();
        throw error;
      }
      slot.holdUntilClosed(stream, reply.raw);
      openStreams.add(stream);
      stream.on('close', () => openStreams.delete(stream));
      await sessions.add(stream, { tokenId, expiresAt: tokenExpiresAt });
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
