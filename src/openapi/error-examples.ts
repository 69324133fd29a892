import type { ErrorShape } from '@app/errors';
import { buildErrorBody, ErrorDetails } from '@app/http';

/** What an error answer of each status says, as the app words it (libs/errors, the body parser, the guards). */
const MESSAGES: Record<string, string> = {
  '400': 'name must be shorter than or equal to 100 characters',
  '401': 'Invalid or expired token',
  '403': 'You do not have permission to perform this action',
  '404': 'Asset not found',
  '409': 'An asset with this name already exists',
  '410': 'This QR code was replaced and is no longer valid: scan the new QR of the asset',
  '413': 'Request body too large',
  '415': 'Unsupported content encoding: send the body uncompressed or with Content-Encoding gzip, deflate or br',
  '429': 'Too many requests, try again later',
  '500': 'Internal server error',
  '502': 'The upstream service answered outside its contract',
  '503': 'The service is unavailable, try again later',
};

/** The inspection QR codes of shape E, by status (src/inspections/inspection-errors.ts). */
const QR_CODES: Record<string, string> = { '400': 'INSPECTION_QR_INVALID', '404': 'INSPECTION_QR_NOT_FOUND', '410': 'INSPECTION_QR_REVOKED' };

const SHAPES = new Set<string>(['A', 'B', 'C', 'D', 'E']);

/** The details an error of `shape` and `status` carries in the examples: its body is then built as the app builds it. */
function exampleDetails(shape: ErrorShape, status: string): ErrorDetails {
  const message = MESSAGES[status] ?? (Number(status) < 500 ? 'The request was refused' : 'Internal server error');
  switch (shape) {
    case 'C':
      return Number(status) < 500
        ? { shape, message: 'The sheet has invalid rows', fieldErrors: [{ path: 'rows[3].rut', message: 'RUT "12.345.678-0" is not valid' }] }
        : { shape, message: 'The import failed: no driver was written' };
    case 'D':
      return {
        shape,
        code: 'PORTAL_UNAVAILABLE',
        message: 'The billing and support portal is unavailable, try again later',
        requestId: '3f2b8c1e-9d4a-4e6b-8a7c-5d1e2f3a4b5c',
      };
    case 'E':
      return {
        shape,
        code: QR_CODES[status] ?? 'INSPECTION_QR_INVALID',
        message: status === '410' ? message : status === '404' ? 'No QR code with this code' : 'Not a QR code of this platform',
      };
    default:
      return { shape, message };
  }
}

/** An example body of error shape A–E (docs/spec/fleet-api.md "Errors") for an answer of `status`, built by `buildErrorBody`. */
export function errorExample(shape: string, status: string): unknown {
  return SHAPES.has(shape) ? buildErrorBody(exampleDetails(shape as ErrorShape, status)) : undefined;
}
