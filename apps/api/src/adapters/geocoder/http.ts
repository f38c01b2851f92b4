import { GeocoderError } from './geocoder.ts';

/** Per upstream call: a hung provider must not hold the customer's map for long. */
export const GEOCODER_TIMEOUT_MS = 5_000;

/**
 * GET a JSON answer from a geocoding service. Unreachable, timed out, 429 or 5xx: GeocoderError 503
 * (try later); any other non-2xx or a body that is not JSON: 502.
 */
export async function getJson(
  provider: string,
  url: URL,
  options: { headers?: Record<string, string>; timeoutMs?: number | undefined },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? GEOCODER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GeocoderError(503, `${provider} could not be reached or timed out`, { cause: error });
  }
  const text = await response.text().catch(() => '');
  if (response.status === 429 || response.status >= 500) {
    throw new GeocoderError(503, `${provider} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
  if (response.status < 200 || response.status >= 300) {
    throw new GeocoderError(502, `${provider} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new GeocoderError(502, `${provider} answered something that is not JSON`, { cause: error });
  }
}
