import 'server-only';
import {
  type TBranch,
  type TNewsEvent,
  type TPage,
  type TPageSlug,
  type TRecipe,
  type TStock,
  type TVacancy,
  ZBranch,
  ZBranchListResponse,
  ZNewsEvent,
  ZNewsEventListResponse,
  ZPage,
  ZRecipe,
  ZRecipeListResponse,
  ZStock,
  ZStockListResponse,
  ZVacancy,
  ZVacancyListResponse,
} from '@app/contracts';
import { BRANCH_LIST_LIMIT } from '@app/domain';
import { cache } from 'react';
import { isApiFailure } from '@/lib/api-client';
import { serverApi } from '@/lib/api-server';

/** The API's largest page; content lists are short enough to come in one. */
export const MAX_PAGE_SIZE = 100;
export const NEWS_PAGE_SIZE = 12;

/**
 * An item that does not exist answers 404 (or 400 for a malformed id); both mean "no such page" to a
 * visitor. Anything else (API down) is a real error for the error page.
 */
async function orNull<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (isApiFailure(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

const id = (value: string) => encodeURIComponent(value);

export const getPage = cache(
  (slug: TPageSlug): Promise<TPage | null> => orNull(serverApi().get(`/v1/pages/${slug}`, { schema: ZPage })),
);

export const getNewsEvents = cache(
  async (
    type: 'news' | 'gallery',
    page: number,
    limit: number,
  ): Promise<{ count: number; items: TNewsEvent[] }> => {
    const res = await serverApi().get('/v1/news-events', {
      schema: ZNewsEventListResponse,
      query: { type, page, limit },
    });
    return { count: res.count, items: res.news_events };
  },
);

export const getNewsEvent = cache(
  (slug: string): Promise<TNewsEvent | null> =>
    orNull(serverApi().get(`/v1/news-events/${id(slug)}`, { schema: ZNewsEvent })),
);

export const getStocks = cache(async (): Promise<TStock[]> => {
  const res = await serverApi().get('/v1/stocks', {
    schema: ZStockListResponse,
    query: { limit: MAX_PAGE_SIZE },
  });
  return res.stocks;
});

export const getStock = cache(
  (slug: string): Promise<TStock | null> =>
    orNull(serverApi().get(`/v1/stocks/${id(slug)}`, { schema: ZStock })),
);

export const getVacancies = cache(async (): Promise<TVacancy[]> => {
  const res = await serverApi().get('/v1/vacancies', {
    schema: ZVacancyListResponse,
    query: { limit: MAX_PAGE_SIZE },
  });
  return res.vacancies;
});

export const getVacancy = cache(
  (slug: string): Promise<TVacancy | null> =>
    orNull(serverApi().get(`/v1/vacancies/${id(slug)}`, { schema: ZVacancy })),
);

export const getRecipes = cache(async (): Promise<TRecipe[]> => {
  const res = await serverApi().get('/v2/recipes', {
    schema: ZRecipeListResponse,
    query: { limit: MAX_PAGE_SIZE },
  });
  return res.recipes;
});

export const getRecipe = cache(
  (slug: string): Promise<TRecipe | null> =>
    orNull(serverApi().get(`/v2/recipes/${id(slug)}`, { schema: ZRecipe })),
);

export const getBranches = cache(async (city?: string): Promise<TBranch[]> => {
  const res = await serverApi().get('/v1/branches', {
    schema: ZBranchListResponse,
    query: { limit: BRANCH_LIST_LIMIT, city },
  });
  return res.branches;
});

export const getBranch = cache(
  (slug: string): Promise<TBranch | null> =>
    orNull(serverApi().get(`/v1/branches/${id(slug)}`, { schema: ZBranch })),
);
