const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from outside (a URL segment, a cookie) can be an id of the API: every id is a uuid,
 * so anything else is never sent (an order page that cannot exist, a forged branch cookie).
 */
export const isUuid = (value: string): boolean => UUID.test(value);
