import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE_KEY = 'http:raw-response';

/** The handler's return value is the whole body (the spec states a body other than the envelope). */
export const RawResponse = () => SetMetadata(RAW_RESPONSE_KEY, true);
