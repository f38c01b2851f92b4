import type { BrowserContext } from '@playwright/test';
import { WEB_URL } from './urls.ts';

/** A branch as `GET /v1/branches` lists it: what the customer's choice of it needs. */
export type TChosenBranch = {
  id: string;
  slug: string;
  menu_id: string;
  work_hour_start: string;
  work_hour_end: string;
};

/**
 * The customer picks up at `branch` before the first page load: the server reads the cookies, the
 * page's common store the branch (its hours and pauses decide the ordering block, issue 13). The store
 * is written only once, so the app's own later changes survive reloads.
 */
export async function pickUpAt(context: BrowserContext, branch: TChosenBranch): Promise<void> {
  await context.addCookies(
    [
      ['branch_id', branch.id],
      ['branch_slug', branch.slug],
      ['menu_id', branch.menu_id],
      ['delivery_type', 'self-pickup'],
    ].map(([name, value]) => ({ name: name as string, value: value as string, url: WEB_URL })),
  );
  await context.addInitScript((b) => {
    if (localStorage.getItem('common')) return;
    const selected = {
      id: b.id,
      slug: b.slug,
      menu_id: b.menu_id,
      name: b.slug,
      address: b.slug,
      location: { lat: 41.3, long: 69.2 },
      delivery_time: 40,
      future_delivery_order_time: 1,
      future_self_pickup_order_time: 1,
      work_hour_start: b.work_hour_start,
      work_hour_end: b.work_hour_end,
    };
    localStorage.setItem(
      'common',
      JSON.stringify({ state: { branch: selected, deliveryType: 'self-pickup' }, version: 1 }),
    );
  }, branch);
}
