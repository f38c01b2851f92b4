import type { TVacancy, TVacancyApplicationRequest } from '@app/contracts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { isUniqueViolation, offsetOf } from '../../../db/query-helpers.ts';
import { apiError } from '../../../http/errors.ts';
import { toVacancy } from './vacancies.mapper.ts';
import {
  APPLICATION_PHONE_UNIQUE,
  findVacancy,
  findVacancyForApplication,
  hasApplication,
  insertApplication,
  listActiveVacancies,
} from './vacancies.repository.ts';

export async function getVacancies(
  db: DbOrTx,
  shipperId: string,
  query: { page: number; limit: number; city?: string | undefined },
): Promise<{ count: number; vacancies: TVacancy[] }> {
  const { rows, count } = await listActiveVacancies(db, {
    shipperId,
    city: query.city,
    offset: offsetOf(query.page, query.limit),
    limit: query.limit,
  });
  return { count, vacancies: rows.map(toVacancy) };
}

export async function getVacancy(db: DbOrTx, shipperId: string, idOrSlug: string): Promise<TVacancy> {
  const row = await findVacancy(db, { shipperId, idOrSlug });
  if (!row) throw apiError(404, 'VACANCY_NOT_FOUND');
  return toVacancy(row);
}

const alreadyApplied = () => apiError(409, 'ALREADY_APPLIED');

/**
 * Stores one application. The vacancy check, the anti-spam rule (one application per phone and
 * vacancy) and the insert run in one transaction; the unique constraint behind the rule also
 * catches two submissions racing past the check.
 */
export async function applyToVacancy(
  db: Db,
  shipperId: string,
  vacancyId: string,
  request: TVacancyApplicationRequest,
): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      const vacancy = await findVacancyForApplication(tx, { shipperId, id: vacancyId });
      if (!vacancy) throw apiError(404, 'VACANCY_NOT_FOUND');
      if (!vacancy.isActive) {
        throw apiError(409, 'VACANCY_CLOSED');
      }
      if (await hasApplication(tx, { vacancyId, phone: request.phone })) throw alreadyApplied();
      const row = await insertApplication(tx, {
        shipperId,
        vacancyId,
        fullName: request.full_name,
        phone: request.phone,
        birthDate: request.birth_date ?? null,
        // A message of only spaces (trimmed by the contract to '') is no message.
        message: request.message ? request.message : null,
      });
      return { id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, APPLICATION_PHONE_UNIQUE)) throw alreadyApplied();
    throw error;
  }
}
