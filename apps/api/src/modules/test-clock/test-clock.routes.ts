import { ZApiError } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopback } from '../../http/client-address.ts';
import { apiError } from '../../http/errors.ts';
import type { OffsetClock } from './test-clock.ts';

/** A year either way: enough for any expiry or limit window, and no overflow of a Date. */
const MAX_OFFSET_MS = 366 * 24 * 60 * 60 * 1000;

const ZClockState = z.object({
  /** The API's time now (ISO 8601). */
  now: z.string(),
  /** How far the API's clock runs ahead of the system time (negative: behind), in ms. */
  offset_ms: z.number().int(),
});
const ZClockChange = z.object({
  /** The new offset from the system time; 0 puts the clock back. */
  offset_ms: z.number().int().min(-MAX_OFFSET_MS).max(MAX_OFFSET_MS),
});

/**
 * Test-only: read and move the API's clock (TEST_CLOCK=true, which production refuses; app.ts
 * registers these routes only then). Like the SMS outbox, they answer only a client on this machine
 * (the socket's own peer address, never X-Forwarded-For); anyone else is told the route does not exist.
 */
export async function testClockRoutes(
  fastify: FastifyInstance,
  options: { clock: OffsetClock; onMoved?: () => Promise<void> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { clock } = options;
  const onlyThisMachine = async (request: {
    socket: { remoteAddress?: string };
    method: string;
    url: string;
  }) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      throw apiError(404, 'ROUTE_NOT_FOUND', {
        method: request.method,
        path: request.url.split('?')[0] ?? '',
      });
    }
  };
  const state = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs() });

  app.get(
    '/v1/dev/clock',
    {
      onRequest: onlyThisMachine,
      schema: {
        tags: ['system'],
        summary: 'Test only (TEST_CLOCK=true): the API clock',
        description: 'Answers only a client on the machine the API runs on (loopback); anyone else gets 404.',
        response: { 200: ZClockState, 404: ZApiError },
      },
    },
    async () => state(),
  );

  app.put(
    '/v1/dev/clock',
    {
      onRequest: onlyThisMachine,
      schema: {
        tags: ['system'],
        summary: 'Test only (TEST_CLOCK=true): sets how far the API clock runs ahead of the system time',
        description:
          'Answers only a client on the machine the API runs on (loopback); anyone else gets 404. Runs the timed jobs (scheduled orders falling due, unpaid online orders timing out) before it answers.',
        body: ZClockChange,
        response: { 200: ZClockState, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      clock.setOffsetMs(request.body.offset_ms);
      request.log.info({ offset_ms: request.body.offset_ms }, 'test clock moved');
      // What fell due at the new time (scheduled orders, unpaid ones) is moved before this answers.
      await options.onMoved?.();
      return state();
    },
  );
}
