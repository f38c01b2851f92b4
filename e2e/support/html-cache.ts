import type { APIResponse } from '@playwright/test';

/**
 * A page's answer from the storefront's HTML cache (X-Html-Cache: hit). The first request of a page
 * after a change (or after the minute its render belongs to ended, or a visit whose answer set a
 * cookie) renders it and is a miss; the next ones are hits. Throws when none of a few is.
 */
export async function cachedAnswer(get: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await get();
    if (response.headers()['x-html-cache'] === 'hit') return response;
  }
  throw new Error('The HTML cache never answered');
}
