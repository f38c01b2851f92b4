'use client';

import { useParams, useSearchParams } from 'next/navigation';

/**
 * The city whose home the logo leads to: the `[city]` segment of the current route, else `?city=`,
 * else none (Tashkent, the home at '/'). Unknown slugs are ignored.
 */
export function useCurrentCity(citySlugs: readonly string[]): string | null {
  const params = useParams<{ city?: string }>();
  const search = useSearchParams();
  const candidate = params.city ?? search.get('city');
  return candidate && citySlugs.includes(candidate) ? candidate : null;
}
