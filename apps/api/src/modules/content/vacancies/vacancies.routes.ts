import {
  ZApiError,
  ZApplicantBirthDate,
  ZContentParams,
  ZVacancy,
  ZVacancyApplicationParams,
  ZVacancyApplicationRequest,
  ZVacancyApplicationResponse,
  ZVacancyListQuery,
  ZVacancyListResponse,
} from '@app/contracts';
import { checkApplicantBirthDate } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../../cache/read-cache.ts';
import { rateLimited, rateLimitResponses } from '../../../http/rate-limit.ts';
import { applyToVacancy, getVacancies, getVacancy } from './vacancies.service.ts';

export async function vacancyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** The contract's body with the domain's age rule on the birth date, read on the app's clock. */
  const applicationBody = ZVacancyApplicationRequest.extend({
    birth_date: ZApplicantBirthDate.superRefine((value, ctx) =>
      checkApplicantBirthDate(value, ctx, app.clock()),
    ).optional(),
  });

  app.get(
    '/v1/vacancies',
    {
      config: cachedRead(['content', 'branches']),
      schema: {
        tags: ['content'],
        summary: 'Open vacancies, optionally of one city (city slug)',
        querystring: ZVacancyListQuery,
        response: { 200: ZVacancyListResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getVacancies(app.db, request.shipperId, request.query),
  );

  app.get(
    '/v1/vacancies/:id',
    {
      config: cachedRead(['content', 'branches']),
      schema: {
        tags: ['content'],
        summary: 'One vacancy by id or slug; a closed one answers with is_active false',
        params: ZContentParams,
        response: { 200: ZVacancy, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getVacancy(app.db, request.shipperId, request.params.id),
  );

  app.post(
    '/v1/vacancies/:id/applications',
    {
      config: rateLimited(app, 'vacancy-application'),
      schema: {
        tags: ['content'],
        summary: 'Apply for an open vacancy; one application per phone number and vacancy',
        params: ZVacancyApplicationParams,
        body: applicationBody,
        response: {
          201: ZVacancyApplicationResponse,
          400: ZApiError,
          404: ZApiError,
          409: ZApiError,
          ...rateLimitResponses('vacancy-application'),
        },
      },
    },
    async (request, reply) => {
      const created = await applyToVacancy(app.db, request.shipperId, request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );
}
