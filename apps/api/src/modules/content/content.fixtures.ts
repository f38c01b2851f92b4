/**
 * Rows the content tests write themselves, so what they assert (order, dates, active flags) does
 * not depend on the demo data, which its authors may change at any time.
 */
import type { TLocalizedText } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { shippers } from '../../db/schema/catalog.ts';
import { newsEvents, pages, recipes, stocks, vacancies } from '../../db/schema/content.ts';
import { stableId } from '../../db/seed/ids.ts';
import { type ImageKind, imageFor } from '../../images/images.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

export const text = (en: string): TLocalizedText => ({ ru: `${en} (ru)`, uz: `${en} (uz)`, en });
const picture = (kind: ImageKind, slug: string) =>
  imageFor(kind, slug, { icon: 'pot-of-food', background: '#f5e6d3' }, text(slug));

export async function insertShipper(db: DbOrTx, id: string): Promise<void> {
  await db.insert(shippers).values({
    id,
    name: 'Other chain',
    logo: imageFor('logos', `other-${id}`, { icon: 'pot-of-food', background: '#f5e6d3' }, text('logo')),
    phone: '998711234567',
    workHourStart: '09:00',
    workHourEnd: '23:00',
    minimalOrderPrice: 0,
    description: text('Other chain'),
    socials: [],
    appLinks: { app_store: null, play_market: null },
    paymentTypes: ['cash'],
    sisterBrands: [],
  });
}

export async function insertNewsEvent(
  db: DbOrTx,
  shipperId: string,
  item: { slug: string; type: 'news' | 'gallery'; publishedAt: Date },
) {
  const id = stableId('test-news-event', `${shipperId}/${item.slug}`);
  await db.insert(newsEvents).values({
    id,
    shipperId,
    slug: item.slug,
    type: item.type,
    title: text(`Title ${item.slug}`),
    preview: text(`Preview ${item.slug}`),
    body: text(`Body ${item.slug}`),
    image: picture(item.type === 'news' ? 'news' : 'gallery', item.slug),
    publishedAt: item.publishedAt,
  });
  return id;
}

export async function insertStock(
  db: DbOrTx,
  shipperId: string,
  item: { slug: string; startsAt: Date; endsAt: Date | null; promoCode?: string },
) {
  const id = stableId('test-stock', `${shipperId}/${item.slug}`);
  await db.insert(stocks).values({
    id,
    shipperId,
    slug: item.slug,
    title: text(`Stock ${item.slug}`),
    description: text(`About ${item.slug}`),
    image: picture('stocks', item.slug),
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    promoCode: item.promoCode ?? null,
  });
  return id;
}

export async function insertVacancy(
  db: DbOrTx,
  shipperId: string,
  item: { slug: string; city: string; isActive: boolean; position: number },
) {
  const id = stableId('test-vacancy', `${shipperId}/${item.slug}`);
  await db.insert(vacancies).values({
    id,
    shipperId,
    slug: item.slug,
    title: text(`Vacancy ${item.slug}`),
    description: text(`About ${item.slug}`),
    city: item.city,
    schedule: text('5/2, 09:00-18:00'),
    salaryFrom: 4_000_000,
    salaryTo: 6_000_000,
    isActive: item.isActive,
    position: item.position,
  });
  return id;
}

export async function insertRecipe(db: DbOrTx, shipperId: string, item: { slug: string; position: number }) {
  const id = stableId('test-recipe', `${shipperId}/${item.slug}`);
  await db.insert(recipes).values({
    id,
    shipperId,
    slug: item.slug,
    title: text(`Recipe ${item.slug}`),
    description: text(`About ${item.slug}`),
    image: picture('recipes', item.slug),
    cookingTime: 45,
    servings: 4,
    ingredients: [text('rice'), text('carrot')],
    steps: [text('Wash the rice'), text('Cook it')],
    position: item.position,
  });
  return id;
}

export async function insertPage(db: DbOrTx, shipperId: string, slug: string) {
  await db.insert(pages).values({
    id: stableId('test-page', `${shipperId}/${slug}`),
    shipperId,
    slug,
    title: text(`Page ${slug}`),
    body: text(`## ${slug}\n\nBody of ${slug}`),
  });
}
