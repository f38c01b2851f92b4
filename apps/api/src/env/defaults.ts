/**
 * The fixed values behind the environment's defaults: the demo chain's ids, the demo staff password,
 * the payment providers' and the card's demo settings, and what an unset NODE_ENV means. env.ts
 * re-exports them.
 */

export const DEMO_SHIPPER_ID = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
export const WEBSITE_PLATFORM_ID = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
/** Password of the seeded demo staff accounts (operator, vendor, courier) unless STAFF_DEMO_PASSWORD says otherwise. */
export const DEFAULT_STAFF_DEMO_PASSWORD = 'baraka-staff-demo';

/**
 * The payment providers' demo settings (.env.example): outside production they are the defaults, and
 * with them `payment_link` points to the API's own sandbox pages (/dev/pay/...) instead of the
 * providers' checkout, which a laptop without network cannot reach. Refused in production.
 */
export const DEMO_PAYME_MERCHANT_ID = '5e730e8e0b852a417aa49ceb';
export const DEMO_PAYME_KEY = 'demo-payme-key-not-for-production';
export const DEMO_CLICK_SERVICE_ID = '10001';
export const DEMO_CLICK_MERCHANT_ID = '20002';
export const DEMO_CLICK_MERCHANT_USER_ID = '30003';
export const DEMO_CLICK_SECRET_KEY = 'demo-click-secret-not-for-production';
/** Bonuses a new customer's card starts with outside production (the demo's welcome gift). */
export const DEMO_LOYALTY_WELCOME_BONUS = 20_000;

/**
 * Unset means production: a deployment that forgets to say what it is gets the safe behaviour (no
 * SMS outbox, no demo secrets or staff, no /docs). The local commands say `development` themselves
 * (npm start, npm run dev, npm run db:reset, the browser tests' API); Vitest sets `test`.
 */
export const DEFAULT_NODE_ENV = 'production';
