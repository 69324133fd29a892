import type { NextFunction, Request, Response } from 'express';

/**
 * API answers are a caller's private, changing data (positions, invoices, sign-in hashes):
 * no browser or proxy keeps them (`Cache-Control: no-store`, as OWASP's REST guidance asks for
 * authenticated responses). For the same reason the app sends no ETags, which would also cost
 * a hash of every body.
 */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
