import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { byIdOrSlug } from '../../../db/query-helpers.ts';
import {
  type VacancyApplicationRow,
  type VacancyRow,
  vacancies,
  vacancyApplications,
} from '../../../db/schema/content.ts';

export async function listActiveVacancies(
  db: DbOrTx,
  params: { shipperId: string; city: string | undefined; offset: number; limit: number },
): Promise<{ rows: VacancyRow[]; count: number }> {
  const where = and(
    eq(vacancies.shipperId, params.shipperId),
    eq(vacancies.isActive, true),
    params.city === undefined ? undefined : eq(vacancies.city, params.city),
  );
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(vacancies)
      .where(where)
      .orderBy(asc(vacancies.position), asc(vacancies.slug))
      .limit(params.limit)
      .offset(params.offset),
    db.$count(vacancies, where),
  ]);
  return { rows, count };
}

/** Closed vacancies are found too: the page of a closed one says so instead of vanishing. */
export async function findVacancy(
  db: DbOrTx,
  params: { shipperId: string; idOrSlug: string },
): Promise<VacancyRow | undefined> {
  const [row] = await db
    .select()
    .from(vacancies)
    .where(
      and(
        eq(vacancies.shipperId, params.shipperId),
        byIdOrSlug(vacancies.id, vacancies.slug, params.idOrSlug),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Locks the vacancy row against a concurrent change (closing it) until the transaction that
 * stores an application ends.
 */
export async function findVacancyForApplication(
  tx: DbOrTx,
  params: { shipperId: string; id: string },
): Promise<VacancyRow | undefined> {
  const [row] = await tx
    .select()
    .from(vacancies)
    .where(and(eq(vacancies.shipperId, params.shipperId), eq(vacancies.id, params.id)))
    .limit(1)
    .for('share');
  return row;
}

export async function hasApplication(
  tx: DbOrTx,
  params: { vacancyId: string; phone: string },
): Promise<boolean> {
  const count = await tx.$count(
    vacancyApplications,
    and(eq(vacancyApplications.vacancyId, params.vacancyId), eq(vacancyApplications.phone, params.phone)),
  );
  return count > 0;
}

export type NewVacancyApplication = {
  shipperId: string;
  vacancyId: string;
  fullName: string;
  phone: string;
  birthDate: string | null;
  message: string | null;
};

export async function insertApplication(
  tx: DbOrTx,
  application: NewVacancyApplication,
): Promise<VacancyApplicationRow> {
  const [row] = await tx.insert(vacancyApplications).values(application).returning();
  if (!row) throw new Error('Inserting a vacancy application returned no row');
  return row;
}

export const APPLICATION_PHONE_UNIQUE = 'vacancy_applications_vacancy_phone_unique';
