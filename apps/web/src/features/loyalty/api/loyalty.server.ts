import 'server-only';
import { ZShipper } from '@app/contracts';
import { cache } from 'react';
import { serverApi } from '@/lib/api-server';
import { env } from '@/lib/env';

/** Whether the chain offers the accumulative card (the shipper's payment types list 'loyalty'). */
export const loyaltyOffered = cache(async (): Promise<boolean> => {
  try {
    const shipper = await serverApi().get(`/v1/shippers/${env().SHIPPER_ID}`, { schema: ZShipper });
    return shipper.payment_types.includes('loyalty');
  } catch {
    // The API is down: the profile still shows the personal data; the card is left out.
    return false;
  }
});
