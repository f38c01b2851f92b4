/**
 * Marketing content of a shipper: news and gallery, stocks (promotions), vacancies and the
 * applications sent to them, recipes and the formal pages. Every row belongs to one shipper and
 * every read filters by it. Customer-facing texts are jsonb `{ru, uz, en}` maps, returned as they
 * are stored; images are the `TImage` descriptor the image builder produced for the row.
 */
import type { TImage, TLocalizedText } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  boolean as pgBoolean,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { localized, shipperIdColumn } from './catalog.ts';

const image = () => jsonb('image').$type<TImage>().notNull();
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const newsEvents = pgTable(
  'news_events',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    type: text('type').$type<'news' | 'gallery'>().notNull(),
    title: localized('title'),
    preview: localized('preview'),
    body: localized('body'),
    image: image(),
    publishedAt: timestamptz('published_at').notNull(),
  },
  (t) => [
    unique('news_events_shipper_slug_unique').on(t.shipperId, t.slug),
    check('news_events_type_check', sql`${t.type} in ('news', 'gallery')`),
    // The list query: one shipper, one type, newest first.
    index('news_events_list_idx').on(t.shipperId, t.type, t.publishedAt.desc()),
  ],
);

export const stocks = pgTable(
  'stocks',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    title: localized('title'),
    description: localized('description'),
    image: image(),
    startsAt: timestamptz('starts_at').notNull(),
    /** Null: runs until further notice. */
    endsAt: timestamptz('ends_at'),
    promoCode: text('promo_code'),
  },
  (t) => [
    unique('stocks_shipper_slug_unique').on(t.shipperId, t.slug),
    check('stocks_period_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    index('stocks_shipper_idx').on(t.shipperId, t.startsAt),
  ],
);

export const vacancies = pgTable(
  'vacancies',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    title: localized('title'),
    description: localized('description'),
    /** City slug (tashkent, samarkand, bukhara). */
    city: text('city').notNull(),
    schedule: localized('schedule'),
    salaryFrom: integer('salary_from'),
    salaryTo: integer('salary_to'),
    isActive: pgBoolean('is_active').notNull(),
    /** Order the chain wants them listed in. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('vacancies_shipper_slug_unique').on(t.shipperId, t.slug),
    check(
      'vacancies_salary_check',
      sql`(${t.salaryFrom} is null or ${t.salaryFrom} >= 0) and (${t.salaryTo} is null or ${t.salaryTo} >= 0) and (${t.salaryFrom} is null or ${t.salaryTo} is null or ${t.salaryFrom} <= ${t.salaryTo})`,
    ),
    index('vacancies_list_idx').on(t.shipperId, t.isActive, t.city),
  ],
);

export const vacancyApplications = pgTable(
  'vacancy_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipperId: shipperIdColumn(),
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    /** 998 followed by 9 digits. */
    phone: text('phone').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    message: text('message'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The anti-spam rule lives in the database too, so two simultaneous submissions cannot both pass.
    unique('vacancy_applications_vacancy_phone_unique').on(t.vacancyId, t.phone),
    index('vacancy_applications_shipper_idx').on(t.shipperId, t.createdAt),
  ],
);

export const recipes = pgTable(
  'recipes',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    title: localized('title'),
    description: localized('description'),
    image: image(),
    cookingTime: integer('cooking_time').notNull(),
    servings: integer('servings').notNull(),
    ingredients: jsonb('ingredients').$type<TLocalizedText[]>().notNull(),
    steps: jsonb('steps').$type<TLocalizedText[]>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('recipes_shipper_slug_unique').on(t.shipperId, t.slug),
    check('recipes_positive_check', sql`${t.cookingTime} > 0 and ${t.servings} > 0`),
  ],
);

export const pages = pgTable(
  'pages',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    title: localized('title'),
    body: localized('body'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('pages_shipper_slug_unique').on(t.shipperId, t.slug)],
);

export type NewsEventRow = typeof newsEvents.$inferSelect;
export type StockRow = typeof stocks.$inferSelect;
export type VacancyRow = typeof vacancies.$inferSelect;
export type VacancyApplicationRow = typeof vacancyApplications.$inferSelect;
export type RecipeRow = typeof recipes.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
