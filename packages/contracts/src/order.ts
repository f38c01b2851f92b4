/**
 * Orders (issue 5): placing one (POST /v2/ondemand-order), the customer's orders and their live
 * status, reviews of ordered dishes, and the staff API that moves an order through its life. Every
 * price here is computed by the server from the database; a client never sends one.
 *
 * The contracts are split by concern; this module gathers them (the package's entry and staff.ts
 * import them from here):
 * - order-status.ts: the statuses, events and staff roles of the order's state machine;
 * - order-place.ts: the payment types, placing an order and quoting it;
 * - order-read.ts: the customer's orders, their details and the status stream;
 * - order-review.ts: reviews of ordered dishes;
 * - order-staff.ts: staff sign-in, the staff order list and order events.
 */
export * from './order-place.ts';
export * from './order-read.ts';
export * from './order-review.ts';
export * from './order-staff.ts';
export * from './order-status.ts';
