/** Readable texts for statuses raised by the framework rather than by our services. */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Invalid or expired token',
  403: 'You do not have permission to perform this action',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body too large',
  415: 'Unsupported media type: send application/json',
  429: 'Too many requests, try again later',
  500: 'Internal server error',
  503: 'Service unavailable',
};
