import { HttpService } from '@nestjs/axios';
import { Injectable, Logger, Optional } from '@nestjs/common';
import { AxiosError, AxiosRequestConfig, AxiosResponse } from 'axios';
import { AppConfig } from '@app/config';
import { DomainException } from '@app/errors';
import { AppMetrics } from '@app/metrics';
import { PortalError } from './portal-errors';
import {
  InvoicePeriod,
  PortalClientTicket,
  PortalCommentRequest,
  PortalInvoice,
  PortalTicket,
  PortalTicketComment,
  PortalTicketFilters,
  PortalTicketRequest,
} from './billing-portal.types';
import { CircuitBreaker } from './circuit-breaker';
import { MalformedPortalAnswer, parseInvoiceList, parseTicket } from './portal-answer.parser';
import { parseComment, parseOwnedTicket, parseTicketList } from './portal-ticket-reads.parser';

const UNAVAILABLE = 'The billing and support portal is not available right now; try again in a few minutes';
// Not a passing failure: waiting will not help, the operator has to set BILLING_PORTAL_URL.
const NOT_CONFIGURED = 'The billing and support portal is not configured on this server';
const TIMED_OUT = 'The billing and support portal did not answer in time; the ticket may have been created, check before sending it again';
const COMMENT_TIMED_OUT = 'The billing and support portal did not answer in time; the comment may have been added, check the ticket before sending it again';
// Refused or reset before an answer: the request did not reach the portal, so a read may go again.
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

type Failure = 'timeout' | 'connection' | 'status' | 'malformed';

class PortalCallFailed extends Error {
  constructor(
    readonly failure: Failure,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * The billing-and-support portal over HTTP. Every failure (not configured, unreachable, time-out,
 * non-2xx, malformed answer, circuit open) becomes shape D `PORTAL_UNAVAILABLE` with the request
 * id; only a ticket creation that timed out is 504, because that ticket may exist.
 */
@Injectable()
export class BillingPortalClient {
  private readonly logger = new Logger(BillingPortalClient.name);
  private readonly breaker = new CircuitBreaker({ threshold: 5, cooldownMs: 15_000 });
  private readonly calls?: { inc(labels: { operation: string; outcome: string }): void };

  constructor(
    private readonly http: HttpService,
    private readonly config: AppConfig,
    @Optional() metrics?: AppMetrics,
  ) {
    // outcome: ok, not_configured, circuit_open, or the failure (timeout, connection, status, malformed).
    this.calls = metrics?.counter({
      name: 'portal_calls_total',
      help: 'Billing-and-support portal calls by operation and outcome',
      labelNames: ['operation', 'outcome'] as const,
    });
  }

  /** Invoices of a client issued in the period, fresh from the portal (never cached). */
  listInvoices(clientId: string, period: InvoicePeriod, requestId: string): Promise<PortalInvoice[]> {
    const path = `/clients/${encodeURIComponent(clientId)}/invoices`;
    return this.guarded('list invoices', requestId, undefined, async () => {
      const response = await this.read({ method: 'GET', url: path, params: { from: period.from, to: period.to } }, requestId);
      return parseInvoiceList(response.data);
    });
  }

  /** The client's tickets, newest first, without comments. */
  listTickets(clientId: string, filters: PortalTicketFilters, requestId: string): Promise<PortalClientTicket[]> {
    return this.guarded('list tickets', requestId, undefined, async () => {
      const response = await this.read({ method: 'GET', url: '/tickets', params: { clientId, ...filters } }, requestId);
      return parseTicketList(response.data);
    });
  }

  /** A ticket with its comments, or null when the portal knows no such ticket (whose client the caller checks). */
  getTicket(ticketId: string, requestId: string): Promise<PortalClientTicket | null> {
    return this.guarded('get ticket', requestId, undefined, async () => {
      const response = await this.read({ method: 'GET', url: `/tickets/${encodeURIComponent(ticketId)}` }, requestId, true);
      return response.status === 404 ? null : parseOwnedTicket(response.data);
    });
  }

  /** Adds a comment; null when the ticket is gone. Sent once, like a ticket: a time-out is 504, never retried. */
  addComment(ticketId: string, comment: PortalCommentRequest, requestId: string): Promise<PortalTicketComment | null> {
    return this.guarded('add comment', requestId, COMMENT_TIMED_OUT, async () => {
      const response = await this.send({ method: 'POST', url: `/tickets/${encodeURIComponent(ticketId)}/comments`, data: comment }, requestId, true);
      return response.status === 404 ? null : parseComment(response.data);
    });
  }

  /** Creates a ticket. Sent once: never retried, above all not after a time-out (duplicates). */
  createTicket(ticket: PortalTicketRequest, requestId: string): Promise<PortalTicket> {
    return this.guarded('create ticket', requestId, TIMED_OUT, async () => {
      const response = await this.send({ method: 'POST', url: '/tickets', data: ticket }, requestId);
      return parseTicket(response.data, ticket.author.name);
    });
  }

  /** A read: refused or reset before an answer, it did not reach the portal, so it goes once more. */
  private read(request: AxiosRequestConfig, requestId: string, notFoundIsAnswer = false): Promise<AxiosResponse> {
    return this.send(request, requestId, notFoundIsAnswer).catch((error: unknown) => {
      if (error instanceof PortalCallFailed && error.failure === 'connection') return this.send(request, requestId, notFoundIsAnswer);
      throw error;
    });
  }

  /** `timeoutMessage`: a write that may have happened, answered 504 on a time-out; reads are 503. */
  private async guarded<T>(what: string, requestId: string, timeoutMessage: string | undefined, call: () => Promise<T>): Promise<T> {
    if (!this.config.get('BILLING_PORTAL_URL')) {
      this.calls?.inc({ operation: what, outcome: 'not_configured' });
      this.logger.warn({ requestId }, `billing portal ${what}: BILLING_PORTAL_URL is not configured`);
      throw new DomainException(PortalError.PORTAL_UNAVAILABLE, NOT_CONFIGURED);
    }
    if (!this.breaker.tryAcquire()) {
      this.calls?.inc({ operation: what, outcome: 'circuit_open' });
      this.logger.warn({ requestId }, `billing portal ${what}: circuit open, failing fast`);
      throw new DomainException(PortalError.PORTAL_UNAVAILABLE, UNAVAILABLE);
    }
    try {
      const result = await call();
      this.breaker.recordSuccess();
      this.calls?.inc({ operation: what, outcome: 'ok' });
      return result;
    } catch (error) {
      const failure = error instanceof PortalCallFailed ? error.failure : error instanceof MalformedPortalAnswer ? 'malformed' : undefined;
      this.breaker.recordFailure();
      this.calls?.inc({ operation: what, outcome: failure ?? 'error' });
      if (!failure) throw error;
      this.logger.warn({ requestId, failure }, `billing portal ${what} failed (${failure}): ${(error as Error).message}`);
      if (failure === 'timeout' && timeoutMessage) throw new DomainException(PortalError.PORTAL_TIMEOUT, timeoutMessage);
      throw new DomainException(PortalError.PORTAL_UNAVAILABLE, UNAVAILABLE);
    }
  }

  /** One exchange; a 404 is an answer (not a failure) where `notFoundIsAnswer`. */
  private async send(request: AxiosRequestConfig, requestId: string, notFoundIsAnswer = false): Promise<AxiosResponse> {
    const timeoutMs = this.config.get('BILLING_PORTAL_TIMEOUT_MS');
    try {
      const response = await this.http.axiosRef.request({
        ...request,
        baseURL: this.config.get('BILLING_PORTAL_URL'),
        headers: { authorization: `Bearer ${this.config.get('BILLING_PORTAL_TOKEN') ?? ''}`, 'x-request-id': requestId, accept: 'application/json' },
        // The signal bounds the whole exchange; axios' own `timeout` is only a socket idle time.
        signal: AbortSignal.timeout(timeoutMs),
        maxContentLength: 20 * 1024 * 1024,
        maxRedirects: 0,
        validateStatus: () => true,
      });
      if (notFoundIsAnswer && response.status === 404) return response;
      if (response.status < 200 || response.status > 299) throw new PortalCallFailed('status', `HTTP ${response.status}`);
      return response;
    } catch (error) {
      if (error instanceof PortalCallFailed) throw error;
      const axiosError = error as AxiosError;
      if (axiosError.code === 'ERR_CANCELED' || axiosError.code === 'ECONNABORTED' || axiosError.code === 'ETIMEDOUT') {
        throw new PortalCallFailed('timeout', `no answer within ${timeoutMs} ms`);
      }
      if (axiosError.code && CONNECTION_ERRORS.has(axiosError.code)) throw new PortalCallFailed('connection', axiosError.code);
      // Anything else on the wire (an oversized or undecodable answer): unavailable, not retried.
      if (axiosError.isAxiosError) throw new PortalCallFailed('malformed', axiosError.message);
      throw error;
    }
  }
}
