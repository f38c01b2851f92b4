import type { TVacancy } from '@app/contracts';
import type { VacancyRow } from '../../../db/schema/content.ts';

export function toVacancy(row: VacancyRow): TVacancy {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    city: row.city,
    schedule: row.schedule,
    salary_from: row.salaryFrom,
    salary_to: row.salaryTo,
    is_active: row.isActive,
  };
}
