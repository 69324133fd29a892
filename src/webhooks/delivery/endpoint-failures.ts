import { Injectable } from '@nestjs/common';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { WebhookEndpoint } from '../schemas/webhook-endpoint.schema';
import { EnabledEndpoints } from '../enabled-endpoints';
import { WebhookEndpointDisabled } from '../webhook-endpoint-disabled';

/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/** What deliveries' outcomes say of their endpoint: failing since when, and disabled after 3 days of nothing but failures. */
@Injectable()
export class EndpointFailures {
  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: TenantRepository<WebhookEndpoint>,
    private readonly enabled: EnabledEndpoints,
    private readonly disabled: WebhookEndpointDisabled,
  ) {}

  /** A delivery succeeded: the endpoint is no longer failing. */
  async succeeded(endpoint: Stored<WebhookEndpoint>): Promise<void> {
    if (!endpoint.failingSince) return;
    await this.endpoints.updateRecord(scopeOfClient(endpoint.clientId), endpoint, { $set: { failingSince: null } });
    this.enabled.changed(endpoint.clientId);
  }

  /** A delivery failed: counted against the endpoint; after 3 days of nothing but failures it is disabled, its owner told once. */
  async failed(endpoint: Stored<WebhookEndpoint>): Promise<void> {
    const scope = scopeOfClient(endpoint.clientId);
    const now = new Date();
    if (!endpoint.failingSince) {
      const { modified } = await this.endpoints.updateOne(scope, { _id: endpoint._id, failingSince: null }, { $set: { failingSince: now } });
      // This instance's copy of the endpoints is read again, so that the next success clears it.
      if (modified > 0) this.enabled.changed(endpoint.clientId);
      return;
    }
    if (!endpoint.enabled || now.getTime() - endpoint.failingSince.getTime() < DISABLE_AFTER_MS) return;
    const reason = `Every delivery failed since ${endpoint.failingSince.toISOString()} (3 days)`;
    // The notice's job before the write, so that a crash after it still tells the admins.
    const notice = await this.disabled.expect(endpoint.clientId, endpoint._id, now);
    // Only if nothing succeeded meanwhile (the endpoint read here may be a few seconds old): `failingSince` still the one read.
    const { modified } = await this.endpoints.updateOne(
      scope,
      { _id: endpoint._id, enabled: true, failingSince: endpoint.failingSince },
      { $set: { enabled: false, disabledAt: now, disabledReason: reason } },
    );
    if (modified === 0) return;
    this.enabled.changed(endpoint.clientId);
    await notice.tellNow();
  }
}
