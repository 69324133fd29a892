import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { AppConfig } from '@app/config';
import { InjectRepository, isDuplicateKeyError, type Stored, TenantRepository } from '@app/database';
import { DomainException, ErrorCode } from '@app/errors';
import { BillingPortalClient, PortalTicket } from '@app/integrations';
import { CreateSupportTicketDto } from '../dto/create-support-ticket.dto';
import { SupportTicketRequest } from '../schemas/support-ticket-request.schema';

/** What to do with a keyed creation: answer a ticket already known, or call the portal (once). */
export type TicketAttempt = { kind: 'known'; ticket: PortalTicket; adopted: boolean } | { kind: 'send'; request: Stored<SupportTicketRequest> };

/** How far the portal's clock may be behind ours when a ticket is matched to an attempt. */
const CLOCK_SKEW_MS = 5 * 60_000;
// The portal's exchange is bounded by its time-out; a little more for the answer to be handled.
const HANDLING_MS = 5_000;

const fingerprintOf = (body: CreateSupportTicketDto) =>
  createHash('sha256')
    .update(JSON.stringify([body.title, body.description, body.category]))
    .digest('hex');

/**
 * The ledger of keyed ticket creations (`Idempotency-Key`): one portal call per key at a time, the
 * ticket kept once created, and an attempt interrupted by a crash or a failure resolved by the
 * retry — by finding the ticket it created in the portal, or by sending it (docs/billing-support.md).
 */
@Injectable()
export class TicketRequests {
  constructor(
    @InjectRepository(SupportTicketRequest) private readonly requests: TenantRepository<SupportTicketRequest>,
    private readonly portal: BillingPortalClient,
    private readonly config: AppConfig,
  ) {}

  async begin(auth: AuthContext, key: string, body: CreateSupportTicketDto): Promise<TicketAttempt> {
    const fingerprint = fingerprintOf(body);
    const now = new Date();
    try {
      const request = await this.requests.create(auth, {
        key,
        userId: auth.userId,
        fingerprint,
        state: 'pending',
        attemptedAt: now,
        inFlightUntil: this.inFlightFrom(now),
      });
      return { kind: 'send', request };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const earlier = await this.requests.findOne(auth, { key });
    if (!earlier || !earlier.userId.equals(auth.userId) || earlier.fingerprint !== fingerprint) {
      throw new DomainException(ErrorCode.Conflict, 'This Idempotency-Key was already used for another ticket: send a new key for a new ticket');
    }
    if (earlier.state === 'created' && earlier.ticket) return { kind: 'known', ticket: earlier.ticket, adopted: false };
    if (earlier.inFlightUntil > now) throw inProgress();
    // The earlier attempt is over without an answer kept: did it reach the portal?
    const found = await this.createdBy(auth, earlier, body);
    if (found && (await this.complete(auth, earlier, found))) return { kind: 'known', ticket: found, adopted: true };
    const claimed = await this.requests.updateOne(
      auth,
      { _id: earlier._id, state: 'pending', inFlightUntil: earlier.inFlightUntil },
      { $set: { attemptedAt: now, inFlightUntil: this.inFlightFrom(now) } },
    );
    if (claimed.matched === 0) throw inProgress();
    return { kind: 'send', request: { ...earlier, attemptedAt: now } };
  }

  /** The portal answered with the ticket: kept for the retries. False if another attempt completed it. */
  async complete(auth: AuthContext, request: Stored<SupportTicketRequest>, ticket: PortalTicket): Promise<boolean> {
    const done = await this.requests.updateOne(auth, { _id: request._id, state: 'pending' }, { $set: { state: 'created', ticketId: ticket.id, ticket } });
    return done.matched > 0;
  }

  /** The portal call failed with an answer: a retry may look for its ticket and send again at once. */
  async ended(auth: AuthContext, request: Stored<SupportTicketRequest>): Promise<void> {
    await this.requests.updateOne(auth, { _id: request._id, state: 'pending', attemptedAt: request.attemptedAt }, { $set: { inFlightUntil: new Date() } });
  }

  /** A ticket of the client with this body and author, created since the attempt, that no other key holds. */
  private async createdBy(auth: AuthContext, request: Stored<SupportTicketRequest>, body: CreateSupportTicketDto): Promise<PortalTicket | undefined> {
    const clientId = auth.clientId.toHexString();
    const since = request.attemptedAt.getTime() - CLOCK_SKEW_MS;
    const candidates = (await this.portal.listTickets(clientId, { category: body.category }, auth.request.requestId))
      .filter(
        (t) =>
          t.clientId === clientId &&
          t.title === body.title &&
          t.description === body.description &&
          t.authorName === auth.name &&
          Date.parse(t.createdAt) >= since,
      )
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const candidate of candidates) {
      if (!(await this.requests.exists(auth, { ticketId: candidate.id }))) return candidate;
    }
    return undefined;
  }

  private inFlightFrom(now: Date): Date {
    return new Date(now.getTime() + this.config.get('BILLING_PORTAL_TIMEOUT_MS') + HANDLING_MS);
  }
}

const inProgress = () => new DomainException(ErrorCode.Conflict, 'A ticket with this Idempotency-Key is still being created: try again in a few seconds');
