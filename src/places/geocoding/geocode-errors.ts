import { defineErrorCodes } from '@app/errors';

/** The forward geocoder's failures, in shape A like the rest of `/api/places` (docs/places.md, "Geocoding"). */
export const GeocodeError = defineErrorCodes({
  /** Its one-request-a-second turn would come too late. */
  GEOCODER_UNAVAILABLE: { status: 503, shape: 'A' },
  /** It answered an error, something unreadable, or nothing in time. */
  GEOCODER_FAILED: { status: 502, shape: 'A' },
});
