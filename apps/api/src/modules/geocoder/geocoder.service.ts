import type { TGeocoderParsedQuery, TGeocoderResponse } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { parseLonLat } from '../../adapters/geocoder/geocoder.ts';
import { type Geocoder, GeocoderError, isValidPoint, reversePoint } from '../../adapters/geocoder/index.ts';
import { apiError, cataloguedError } from '../../http/errors.ts';

const invalidPoint = (field: string) =>
  cataloguedError(400, 'GEOCODER_INVALID_POINT', [undefined], {
    fields: [{ field, message: 'longitude must be -180..180 and latitude -90..90' }],
  });

/**
 * GET /v1/map/geocoder: checks what the contract cannot ('lon,lat' in range), asks the configured
 * provider and turns its failures into 502/503 with a translated message (the cause is logged).
 */
export async function geocode(
  deps: { geocoder: Geocoder; log: FastifyBaseLogger },
  shipperId: string,
  query: TGeocoderParsedQuery,
): Promise<TGeocoderResponse> {
  const point = reversePoint(query);
  if (point && !isValidPoint(point)) throw invalidPoint('geocode');
  const centre = query.ll ? parseLonLat(query.ll) : null;
  if (centre && !isValidPoint(centre)) throw invalidPoint('ll');
  try {
    return await deps.geocoder.geocode(query, { shipperId });
  } catch (error) {
    if (!(error instanceof GeocoderError)) throw error;
    deps.log.warn({ err: error, provider: deps.geocoder.name }, 'geocoder failed');
    throw error.status === 503
      ? apiError(503, 'GEOCODER_UNAVAILABLE')
      : apiError(502, 'GEOCODER_UPSTREAM_ERROR');
  }
}
