// The load generator's calls to the API, made as the storefront makes them: the demo chain's
// Shipper and Platform headers, JSON bodies, a customer's bearer token (scripts/bench/orders.mjs).

const SHIPPER_ID = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
const WEBSITE_PLATFORM_ID = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
export const CLIENT_HEADERS = { shipper: SHIPPER_ID, platform: WEBSITE_PLATFORM_ID };

/** One request to `api`: its status, its JSON (null when none or not JSON) and its text. */
export async function call(api, method, path, { body, token, headers } = {}) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...CLIENT_HEADERS,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}

/** The JSON of a 2xx answer; any other status throws, naming `what`. */
export async function expectOk(promise, what) {
  const res = await promise;
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  }
  return res.json;
}
