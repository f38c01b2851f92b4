import {
  MAX_CUSTOMER_ADDRESSES,
  ZApiError,
  ZCustomerAddressImport,
  ZCustomerAddressInput,
  ZCustomerAddressList,
  ZCustomerAddressParams,
  ZCustomerAddressPatch,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/auth.ts';
import { rateLimited, rateLimitResponses } from '../../http/rate-limit.ts';
import {
  type AddressDeps,
  activateCustomerAddress,
  createCustomerAddress,
  deleteCustomerAddress,
  importCustomerAddresses,
  listCustomerAddresses,
  type Owner,
  updateCustomerAddress,
} from './addresses.service.ts';

const readErrors = { 400: ZApiError, 401: ZApiError };
const writeErrors = {
  ...readErrors,
  404: ZApiError,
  422: ZApiError,
  ...rateLimitResponses('customer-writes'),
};

/**
 * A signed-in customer's saved delivery addresses, so they follow the customer to another device.
 * Every change answers the whole list (oldest first) and runs in one transaction.
 */
export async function addressRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): AddressDeps => ({ db: app.db, now: app.clock });
  const owner = (request: FastifyRequest): Owner => ({
    shipperId: request.shipperId,
    customerId: signedIn(request).customer.id,
  });
  const tags = ['customers'];
  const preHandler = app.requireCustomer;
  const config = rateLimited(app, 'customer-writes');

  app.get(
    '/v1/customer-addresses',
    {
      preHandler,
      schema: {
        tags,
        summary: "The signed-in customer's saved addresses, oldest first",
        response: { 200: ZCustomerAddressList, ...readErrors },
      },
    },
    async (request) => listCustomerAddresses(deps(), owner(request)),
  );

  app.post(
    '/v1/customer-addresses',
    {
      preHandler,
      config,
      schema: {
        tags,
        summary: 'Save a new address; it becomes the only active one',
        description: `At most ${MAX_CUSTOMER_ADDRESSES} addresses per customer (422 beyond). An address already saved with the same text (trimmed, case and runs of spaces ignored) is not saved again: it moves to the location sent, takes the non-empty details sent, and becomes the only active one.`,
        body: ZCustomerAddressInput,
        response: { 200: ZCustomerAddressList, ...writeErrors },
      },
    },
    async (request) => createCustomerAddress(deps(), owner(request), request.body),
  );

  app.post(
    '/v1/customer-addresses/import',
    {
      preHandler,
      config,
      schema: {
        tags,
        summary: "Add the browser's saved points at sign-in, without duplicating an address already saved",
        description: `The imported active point becomes the active address. Nothing is imported (422) when the list would exceed ${MAX_CUSTOMER_ADDRESSES}.`,
        body: ZCustomerAddressImport,
        response: { 200: ZCustomerAddressList, ...writeErrors },
      },
    },
    async (request) => importCustomerAddresses(deps(), owner(request), request.body),
  );

  app.put(
    '/v1/customer-addresses/:id',
    {
      preHandler,
      config,
      schema: {
        tags,
        summary: 'Change a saved address (only the fields sent); it becomes the only active one',
        params: ZCustomerAddressParams,
        body: ZCustomerAddressPatch,
        response: { 200: ZCustomerAddressList, ...writeErrors },
      },
    },
    async (request) => updateCustomerAddress(deps(), owner(request), request.params.id, request.body),
  );

  app.post(
    '/v1/customer-addresses/:id/activate',
    {
      preHandler,
      config,
      schema: {
        tags,
        summary: 'Make a saved address the only active one',
        params: ZCustomerAddressParams,
        response: { 200: ZCustomerAddressList, ...writeErrors },
      },
    },
    async (request) => activateCustomerAddress(deps(), owner(request), request.params.id),
  );

  app.delete(
    '/v1/customer-addresses/:id',
    {
      preHandler,
      config,
      schema: {
        tags,
        summary: 'Delete a saved address (deleting the active one leaves none active)',
        params: ZCustomerAddressParams,
        response: { 200: ZCustomerAddressList, ...writeErrors },
      },
    },
    async (request) => deleteCustomerAddress(deps(), owner(request), request.params.id),
  );
}
