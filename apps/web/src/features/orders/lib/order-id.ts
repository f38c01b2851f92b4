const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order's id is a uuid: anything else in `/myorders/{id}` is a page that does not exist. */
export const isOrderId = (value: string): boolean => UUID.test(value);
