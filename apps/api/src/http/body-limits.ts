/**
 * How large a request body may be. A body is read and parsed before most routes check a sign-in or
 * a rate limit, so its size is the one bound on what an anonymous request costs: 1 MB of nested JSON
 * arrays (Fastify's default limit) took 300 to 480 ms of the event loop on any POST. Every body the
 * API takes fits in BODY_LIMIT but an order's; a larger body answers 413 PAYLOAD_TOO_LARGE in the
 * API's error shape (error-handler.ts). The payment providers' endpoints keep their own limits, on
 * their own parsers (Payme 64 KB, Click 16 KB), and answer in their own protocols.
 */

/**
 * The default, for every route that names no other: 64 KB. The largest valid bodies besides an
 * order's are far below it: 20 saved addresses imported at once (POST /v1/customer-addresses/import,
 * 520 characters of text each: about 34 KB at 3 bytes a character), a vacancy application (2,120
 * characters: about 6.5 KB), a review (1,000 characters: about 3 KB).
 */
export const BODY_LIMIT = 64 * 1024;

/**
 * Placing an order and quoting it (ZCreateOrderRequest): the largest valid body, written by
 * JSON.stringify (at most 3 bytes per UTF-16 code unit: '€'; a `"` is 2, a surrogate pair 4 for 2),
 * with every array and text at the contract's maximum:
 * - a line: 20 variants of 103 bytes (two uuids and their keys), 50 modifiers of 128 bytes (two
 *   uuids, a quantity of 99 and their keys), a comment of 300 characters (900 bytes), its product,
 *   type and quantity: 9,559 bytes;
 * - 100 lines (one step): 955,900 bytes and 99 commas;
 * - the rest: texts of 300 + 100 + 3 x 20 + 500 + 40 + 500 characters (4,560 bytes), the point,
 *   ids, time, sums and keys: 5,040 bytes;
 * 961,039 bytes in all (body-limits.test.ts builds it). 960 KB (983,040 bytes) leaves 2 % for
 * numbers written longer and whitespace. The two routes (ordering.routes.ts) set it as their
 * `bodyLimit` and check the sign-in on request, before the body is read: only a signed-in customer,
 * within the order limits, can make the API parse that much.
 */
export const ORDER_BODY_LIMIT = 960 * 1024;

/** A limit as the API reference says it: '64 KB'. */
export const describeBodyLimit = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
