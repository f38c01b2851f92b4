/**
 * Where the suite runs the two servers: the usual 4000 and 3000, or other ports when those are
 * taken (E2E_API_PORT=4100 E2E_WEB_PORT=3100 npm run test:e2e), e.g. beside a running `npm start`
 * that you do not want the suite to reuse.
 */
export const API_PORT = Number(process.env.E2E_API_PORT || 4000);
export const WEB_PORT = Number(process.env.E2E_WEB_PORT || 3000);
export const API_URL = `http://localhost:${API_PORT}`;
export const WEB_URL = `http://localhost:${WEB_PORT}`;

/** The demo chain and the website channel (fixed ids; every /v1 /v2 /v3 request carries them). */
export const DEMO_SHIPPER_ID = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
export const WEBSITE_PLATFORM_ID = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
