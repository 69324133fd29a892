import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { getRouteErrorShape } from '../response/route-error-shape';
import { DomainException, errorCodeRule, type ErrorShape, type FieldError } from '@app/errors';
import { allowedMethods } from './allowed-methods';
import { buildErrorBody, ErrorDetails } from './error-body';
import { loggableUrl } from '../logging/loggable-url';
import { STATUS_MESSAGES } from './http-status-messages';

interface ResolvedError extends ErrorDetails {
  status: number;
  headers?: Record<string, string>;
}

/**
 * The one place where errors become HTTP responses (shapes A–E of the spec). An error that is
 * not ours is logged with its stack and answered as a bare 500, never with internals.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const resolved = this.methodNotAllowed(exception, request) ?? this.resolve(exception, getRouteErrorShape(request));

    if (resolved.status >= 500) {
      const url = loggableUrl(request.originalUrl);
      this.logger.error(
        { err: exception, requestId: request.id, method: request.method, url },
        `${request.method} ${url} failed: ${(exception as Error)?.message ?? exception}`,
      );
    }
    if (response.headersSent) {
      response.destroy();
      return;
    }
    for (const [name, value] of Object.entries(resolved.headers ?? {})) response.setHeader(name, value);
    response.status(resolved.status).json(buildErrorBody({ ...resolved, requestId: String(request.id ?? '') }));
  }

  private resolve(exception: unknown, routeShape: ErrorShape | undefined): ResolvedError {
    if (exception instanceof DomainException) {
      const rule = errorCodeRule(exception.code);
      const shape = this.shapeFor(rule.status, rule.shape, routeShape);
      return {
        status: rule.status,
        shape,
        code: rule.publicCode ?? exception.code,
        message: exception.message,
        fieldErrors: exception.fieldErrors,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const shape = this.shapeFor(status, status >= 500 ? 'B' : 'A', routeShape);
      return { status, shape, message: this.messageOf(exception, status), fieldErrors: [] as FieldError[] };
    }
    return { status: 500, shape: this.shapeFor(500, 'B', routeShape), message: STATUS_MESSAGES[500] };
  }

  /**
   * No route answered, but the path is a known one with other methods: 405 with `Allow`
   * (RFC 9110 §15.5.6) rather than 404, which would say the resource does not exist.
   */
  private methodNotAllowed(exception: unknown, request: Request): ResolvedError | undefined {
    if (!isRouteNotFound(exception)) return undefined;
    const allow = allowedMethods(request);
    if (allow.length === 0) return undefined;
    const path = loggableUrl(request.originalUrl.split('?')[0]);
    return { status: 405, shape: 'A', message: `Method not allowed: ${request.method} ${path}`, headers: { Allow: allow.join(', ') } };
  }

  /** A route may ask for shape C (the driver import) for its validation errors and its 500s. */
  private shapeFor(status: number, shape: ErrorShape, routeShape: ErrorShape | undefined): ErrorShape {
    if (routeShape === 'C' && (status === 400 || status === 500) && (shape === 'A' || shape === 'B')) return 'C';
    return shape;
  }

  private messageOf(exception: HttpException, status: number): string {
    if (status >= 500) return STATUS_MESSAGES[status] ?? STATUS_MESSAGES[500];
    const body = exception.getResponse();
    const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    if (isRouteNotFound(exception)) {
      return `Route not found: ${(message as string).slice('Cannot '.length)}`;
    }
    if (typeof message === 'string' && message.length > 0) return message;
    return STATUS_MESSAGES[status] ?? exception.message;
  }
}

/** Nest's answer when no route matched the method and path: `NotFoundException('Cannot GET /x')`. */
function isRouteNotFound(exception: unknown): boolean {
  if (!(exception instanceof HttpException) || exception.getStatus() !== 404) return false;
  const body = exception.getResponse();
  const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
  return typeof message === 'string' && message.startsWith('Cannot ');
}
