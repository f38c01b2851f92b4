import { isUuid } from '@/lib/ids';

/** An order's id is a uuid: anything else in `/myorders/{id}` is a page that does not exist. */
export const isOrderId = (value: string): boolean => isUuid(value);
