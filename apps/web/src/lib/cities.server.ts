import 'server-only';
import { type TCity, ZCitiesResponse } from '@app/contracts';
import { cache } from 'react';
import { serverApi } from './api-server';

/** The chain's cities (header, menu target, branches, vacancies, sitemap), once per request. */
export const getCities = cache(async (): Promise<TCity[]> => {
  const { cities } = await serverApi().get('/v1/cities', { schema: ZCitiesResponse });
  return cities;
});
