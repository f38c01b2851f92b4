import 'server-only';
import type { TCity, TShipper } from '@app/contracts';
import { ZShipper } from '@app/contracts';
import { cache } from 'react';
import { serverApi } from '@/lib/api-server';
import { getCities } from '@/lib/cities.server';
import { env } from '@/lib/env';

/** The chain's record: hotline, hours, socials, app links, sister brands. */
export const getShipper = cache(
  async (): Promise<TShipper> => serverApi().get(`/v1/shippers/${env().SHIPPER_ID}`, { schema: ZShipper }),
);

/**
 * The shell must render even when the API is down (the error page itself sits inside it), so a failed
 * load becomes null and the header and footer leave those parts out.
 */
export async function getShellData(): Promise<{ shipper: TShipper | null; cities: TCity[] }> {
  const [shipper, cities] = await Promise.all([
    getShipper().catch((error: unknown) => {
      console.error('shell: shipper record unavailable', error);
      return null;
    }),
    getCities().catch((error: unknown) => {
      console.error('shell: city list unavailable', error);
      return [];
    }),
  ]);
  return { shipper, cities };
}
