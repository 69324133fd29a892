import type { ErrorShape } from '@app/errors';
import type { FieldError } from '@app/errors';

export interface ErrorDetails {
  shape: ErrorShape;
  message: string;
  code?: string;
  requestId?: string;
  fieldErrors?: FieldError[];
}

/** Builds the body of each error shape of the spec. Nothing else writes error bodies. */
export function buildErrorBody(details: ErrorDetails): Record<string, unknown> {
  const { shape, message } = details;
  switch (shape) {
    case 'A':
      return { error: message };
    case 'B':
      return { message };
    case 'C':
      return { status: 'failed', message, errors: details.fieldErrors ?? [] };
    case 'D':
      return { status: 'failed', code: details.code, message, requestId: details.requestId };
    case 'E':
      return { status: 'failed', code: details.code, message };
  }
}
