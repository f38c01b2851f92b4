/**
 * Loads the chain's marketing content (news and gallery, stocks, vacancies, recipes, formal pages)
 * from `./data/*.ts`. Ids come from slugs (`stableId`), so links to an item survive a reseed;
 * list order follows the data files where the content has no date to sort by.
 */
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { imageFor } from '../../images/images.ts';
import type { DbOrTx } from '../client.ts';
import { newsEvents, pages, recipes, stocks, vacancies } from '../schema/content.ts';
import { stableId } from './ids.ts';
import type { SeedNewsEvent, SeedPage, SeedRecipe, SeedStock, SeedVacancy } from './types.ts';

export type SeedContentData = {
  news: SeedNewsEvent[];
  gallery: SeedNewsEvent[];
  stocks: SeedStock[];
  vacancies: SeedVacancy[];
  recipes: SeedRecipe[];
  pages: SeedPage[];
};

/** Imported on demand, so code that never seeds the demo content (tests) does not load it. */
export async function loadDemoContent(): Promise<SeedContentData> {
  const [news, gallery, stocks, vacancies, recipes, pages] = await Promise.all([
    import('./data/news.ts'),
    import('./data/gallery.ts'),
    import('./data/stocks.ts'),
    import('./data/vacancies.ts'),
    import('./data/recipes.ts'),
    import('./data/pages.ts'),
  ]);
  return {
    news: news.news,
    gallery: gallery.gallery,
    stocks: stocks.stocks,
    vacancies: vacancies.vacancies,
    recipes: recipes.recipes,
    pages: pages.pages,
  };
}

export type ContentSeedCounts = {
  news: number;
  gallery: number;
  stocks: number;
  vacancies: number;
  recipes: number;
  pages: number;
};

export type SeedContentOptions = {
  shipperId?: string;
  /** Default: the demo chain's content of ./data. */
  data?: SeedContentData;
};

export async function seedContent(tx: DbOrTx, options: SeedContentOptions = {}): Promise<ContentSeedCounts> {
  const shipperId = options.shipperId ?? DEMO_SHIPPER_ID;
  const data = options.data ?? (await loadDemoContent());
  const newsEventRows = [...data.news, ...data.gallery].map((item) => ({
    id: stableId('news-event', item.slug),
    shipperId,
    slug: item.slug,
    type: item.type,
    title: item.title,
    preview: item.preview,
    body: item.body,
    image: imageFor(item.type === 'gallery' ? 'gallery' : 'news', item.slug, item.image, item.title),
    publishedAt: new Date(item.published_at),
  }));
  if (newsEventRows.length) await tx.insert(newsEvents).values(newsEventRows);

  const stockRows = data.stocks.map((item) => ({
    id: stableId('stock', item.slug),
    shipperId,
    slug: item.slug,
    title: item.title,
    description: item.description,
    image: imageFor('stocks', item.slug, item.image, item.title),
    startsAt: new Date(item.starts_at),
    endsAt: item.ends_at === null ? null : new Date(item.ends_at),
    promoCode: item.promo_code,
  }));
  if (stockRows.length) await tx.insert(stocks).values(stockRows);

  const vacancyRows = data.vacancies.map((item, position) => ({
    id: stableId('vacancy', item.slug),
    shipperId,
    slug: item.slug,
    title: item.title,
    description: item.description,
    city: item.city,
    schedule: item.schedule,
    salaryFrom: item.salary_from,
    salaryTo: item.salary_to,
    isActive: item.is_active,
    position,
  }));
  if (vacancyRows.length) await tx.insert(vacancies).values(vacancyRows);

  const recipeRows = data.recipes.map((item, position) => ({
    id: stableId('recipe', item.slug),
    shipperId,
    slug: item.slug,
    title: item.title,
    description: item.description,
    image: imageFor('recipes', item.slug, item.image, item.title),
    cookingTime: item.cooking_time,
    servings: item.servings,
    ingredients: item.ingredients,
    steps: item.steps,
    position,
  }));
  if (recipeRows.length) await tx.insert(recipes).values(recipeRows);

  const pageRows = data.pages.map((item) => ({
    id: stableId('page', item.slug),
    shipperId,
    slug: item.slug,
    title: item.title,
    body: item.body,
  }));
  if (pageRows.length) await tx.insert(pages).values(pageRows);

  return {
    news: data.news.length,
    gallery: data.gallery.length,
    stocks: stockRows.length,
    vacancies: vacancyRows.length,
    recipes: recipeRows.length,
    pages: pageRows.length,
  };
}
