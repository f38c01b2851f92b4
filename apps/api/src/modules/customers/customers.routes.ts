import {
  ZApiError,
  ZAuthResponse,
  ZCodeSentResponse,
  ZConfirmRequest,
  ZCustomer,
  ZCustomerParams,
  ZPhoneConfirmRequest,
  ZPhoneConfirmResponse,
  ZPhoneLookupResponse,
  ZPhoneRequest,
  ZRegisterRequest,
  ZUpdateCustomerRequest,
  ZUpdateCustomerResponse,
} from '@app/contracts';
import { checkCustomerBirthDate } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/auth.ts';
import { localeFromAcceptLanguage } from '../../http/locale.ts';
import { rateLimited, rateLimitResponses } from '../../http/rate-limit.ts';
import {
  type CustomerDeps,
  confirmLogin,
  confirmPhoneChange,
  login,
  loginWithoutOtp,
  logout,
  lookupPhone,
  me,
  type RequestContext,
  register,
  registerConfirm,
  updateProfile,
} from './customers.service.ts';
import { SmsBudgetAlerts } from './otp.service.ts';

const sendErrors = { 400: ZApiError, 404: ZApiError, 429: ZApiError, 503: ZApiError };
const confirmErrors = {
  400: ZApiError,
  404: ZApiError,
  409: ZApiError,
  ...rateLimitResponses('code-confirm'),
};
const authErrors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/** Sign-in by phone with a one-time code, the signed-in customer's profile, sign-out. */
export async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** The contract's profile body with the domain's birth-date rule (not ahead, within 120 years), on the app's clock. */
  const profileBody = ZUpdateCustomerRequest.extend({
    date_of_birth: z.iso
      .date()
      .superRefine((value, ctx) => checkCustomerBirthDate(value, ctx, app.clock()))
      .nullable()
      .optional(),
  });
  const budgetAlerts = new SmsBudgetAlerts();
  const deps = (): CustomerDeps => ({
    db: app.db,
    sms: app.sms,
    now: app.clock,
    secret: app.config.OTP_SECRET,
    tokenTtlDays: app.config.TOKEN_TTL_DAYS,
    loyalty: app.config,
    log: app.log,
    smsBudget: { perHour: app.config.SMS_BUDGET_PER_HOUR, perDay: app.config.SMS_BUDGET_PER_DAY },
    perAddressPerHour: app.config.OTP_SENDS_PER_ADDRESS_PER_HOUR,
    budgetAlerts,
  });
  const ctx = (request: FastifyRequest): RequestContext => ({
    shipperId: request.shipperId,
    ip: request.ip,
    locale: localeFromAcceptLanguage(request.headers['accept-language']),
  });
  const tags = ['customers'];

  app.post(
    '/v1/customers/phone',
    {
      config: rateLimited(app, 'sign-in'),
      schema: {
        tags,
        summary: 'Is this phone a customer of the chain? 200 (sign in) or 404 (register)',
        body: ZPhoneRequest,
        response: {
          200: ZPhoneLookupResponse,
          400: ZApiError,
          404: ZApiError,
          ...rateLimitResponses('sign-in'),
        },
      },
    },
    async (request) => lookupPhone(deps(), request.shipperId, request.body.phone),
  );

  app.post(
    '/v1/customers/register',
    {
      config: rateLimited(app, 'sign-in'),
      schema: {
        tags,
        summary: 'Send a registration code to a new phone (409 when the phone already has a customer)',
        description: 'The SMS language follows `Accept-Language` (ru, uz or en; ru by default).',
        body: ZRegisterRequest,
        response: { 200: ZCodeSentResponse, ...sendErrors, 409: ZApiError },
      },
    },
    async (request) => register(deps(), ctx(request), request.body),
  );

  app.post(
    '/v1/customers/login',
    {
      config: rateLimited(app, 'sign-in'),
      schema: {
        tags,
        summary: 'Send a sign-in code to a known phone (404 for an unknown one)',
        description: 'The SMS language follows `Accept-Language` (ru, uz or en; ru by default).',
        body: ZPhoneRequest,
        response: { 200: ZCodeSentResponse, ...sendErrors },
      },
    },
    async (request) => login(deps(), ctx(request), request.body.phone),
  );

  app.post(
    '/v1/customers/register-confirm',
    {
      config: rateLimited(app, 'code-confirm'),
      schema: {
        tags,
        summary: 'Confirm a registration code: creates the customer and signs them in',
        body: ZConfirmRequest,
        response: { 200: ZAuthResponse, ...confirmErrors },
      },
    },
    async (request) => registerConfirm(deps(), request.shipperId, request.body),
  );

  app.post(
    '/v1/customers/confirm-login',
    {
      config: rateLimited(app, 'code-confirm'),
      schema: {
        tags,
        summary: 'Confirm a sign-in code',
        body: ZConfirmRequest,
        response: { 200: ZAuthResponse, ...confirmErrors },
      },
    },
    async (request) => confirmLogin(deps(), request.shipperId, request.body),
  );

  app.post(
    '/v2/customers/login-without-otp',
    {
      config: rateLimited(app, 'sign-in'),
      schema: {
        tags,
        summary: 'Sign in by phone alone, only where the chain turned codes off (403 otherwise)',
        body: ZPhoneRequest,
        response: {
          200: ZAuthResponse,
          400: ZApiError,
          403: ZApiError,
          404: ZApiError,
          ...rateLimitResponses('sign-in'),
        },
      },
    },
    async (request) => loginWithoutOtp(deps(), request.shipperId, request.body.phone),
  );

  app.get(
    '/v1/customers/me',
    {
      preHandler: app.requireCustomer,
      schema: { tags, summary: 'The signed-in customer', response: { 200: ZCustomer, ...authErrors } },
    },
    async (request) => me(signedIn(request).customer),
  );

  app.put(
    '/v1/customers/:id',
    {
      preHandler: app.requireCustomer,
      config: rateLimited(app, 'customer-writes'),
      schema: {
        tags,
        summary: 'Update name, birth date, phone of the signed-in customer (a new phone needs its code)',
        params: ZCustomerParams,
        body: profileBody,
        response: {
          200: ZUpdateCustomerResponse,
          ...authErrors,
          409: ZApiError,
          429: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request) =>
      updateProfile(deps(), ctx(request), signedIn(request).customer, request.params.id, request.body),
  );

  app.post(
    '/v1/customers/:id/phone-confirm',
    {
      preHandler: app.requireCustomer,
      config: rateLimited(app, 'code-confirm'),
      schema: {
        tags,
        summary: 'Confirm the code sent to a new phone number: the phone changes now',
        params: ZCustomerParams,
        body: ZPhoneConfirmRequest,
        response: {
          200: ZPhoneConfirmResponse,
          ...authErrors,
          409: ZApiError,
          ...rateLimitResponses('code-confirm'),
        },
      },
    },
    async (request) =>
      confirmPhoneChange(deps(), signedIn(request).customer, request.params.id, request.body),
  );

  app.post(
    '/v1/customers/logout',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Sign out: the token stops working',
        response: { 204: z.null(), ...authErrors },
      },
    },
    async (request, reply) => {
      const { tokenId } = signedIn(request);
      await logout(deps(), tokenId);
      // Committed: refused by this process at once, before the bus brings the revocation back.
      app.signedInTokens.forget([tokenId]);
      return reply.status(204).send(null);
    },
  );
}
