import type { FastifyInstance, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import { signedInStaff, staffGuard } from '../staff/staff.auth.ts';
import type { ManageDeps } from './branches-manage.service.ts';

type Schema = z.ZodType;
/** What a route's handler gets of an input it declares: the parsed value; `undefined` when it declares none. */
type Input<S> = S extends Schema ? z.output<S> : undefined;
type SuccessStatus = 200 | 201 | 204;

/** What a route of the manager's workspace hands its service call. */
export type ManageCall<P, Q, B> = {
  deps: ManageDeps;
  /** The signed-in staff member (the staff guard ran); the service checks role and branch (staff-manage.access.ts). */
  staff: StaffAccountRow;
  params: Input<P>;
  query: Input<Q>;
  body: Input<B>;
};

/**
 * One route of the manager's workspace: method and URL, its OpenAPI summary and description, the
 * schemas of its input and answers, the status of success (200 unless said) and the service call
 * that answers it (which checks the staff member's role and branch, and writes the audit log).
 */
export type ManageRoute<
  P,
  Q,
  B,
  R extends Record<number, Schema> & Record<S, Schema>,
  S extends SuccessStatus,
> = {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  description: string;
  params?: P;
  querystring?: Q;
  body?: B;
  response: R;
  status?: S;
  handle: (call: ManageCall<P, Q, B>) => Promise<z.input<R[S]>>;
};

/**
 * Registers the manager's routes on `fastify`, each behind the staff guard and tagged 'staff': the
 * function it returns takes one route's description.
 */
export function manageRouter(fastify: FastifyInstance) {
  const preHandler = staffGuard(fastify);
  const tags = ['staff'];
  const deps = (): ManageDeps => ({
    db: fastify.db,
    clock: fastify.clock,
    loyaltyProvider: fastify.loyalty.name,
  });

  return function route<
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
    R extends Record<number, Schema> & Record<S, Schema> = Record<number, Schema>,
    S extends SuccessStatus = 200,
  >(def: ManageRoute<P, Q, B, R, S>): void {
    const { method, url, summary, description, params, querystring, body, response, status } = def;
    const schema: FastifySchema = {
      tags,
      summary,
      description,
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      response,
    };
    fastify.route({
      method,
      url,
      preHandler,
      schema,
      handler: async (request, reply) => {
        // The schemas above have validated these (fastify-type-provider-zod's validator, app.ts).
        const answer = await def.handle({
          deps: deps(),
          staff: signedInStaff(request).staff,
          params: request.params as Input<P>,
          query: request.query as Input<Q>,
          body: request.body as Input<B>,
        });
        return status === undefined ? answer : reply.status(status as number).send(answer);
      },
    });
  };
}
