import { Injectable } from '@nestjs/common';
import { ClientTimeZones } from '@app/auth';
import { byClient, scopeOfClient } from '@app/database';
import { CLIENT_LANGUAGE, eventSummary } from '@app/i18n';
import { OnDomainEvent } from '@app/bus';
import { DriverAssignments } from '../drivers';
import { FLEET_EVENTS_RECORDED, StoredFleetEvent, toFleetEventView } from '../events';
import { EnabledEndpoints } from './enabled-endpoints';
import { WebhookDispatcher } from './webhook-dispatcher.service';

/** Fleet events as `event.<type>` messages to the endpoints that asked for them, as they are recorded. */
@Injectable()
export class FleetEventWebhooks {
  constructor(
    private readonly enabled: EnabledEndpoints,
    private readonly dispatcher: WebhookDispatcher,
    private readonly zones: ClientTimeZones,
    private readonly drivers: DriverAssignments,
  ) {}

  /** Queued only, nothing sent here: this runs before ingestion's acknowledgement. */
  @OnDomainEvent(FLEET_EVENTS_RECORDED)
  async queue(events: readonly StoredFleetEvent[]): Promise<void> {
    await Promise.all(
      byClient(events).map(async (clientEvents) => {
        const clientId = clientEvents[0].clientId;
        const endpoints = (await this.enabled.of(clientId)).filter((endpoint) => endpoint.eventTypes.some((type) => type.startsWith('event.')));
        if (endpoints.length === 0) return;
        const [timeZone, drivers] = await Promise.all([
          this.zones.of(clientId),
          this.drivers.labelsFor(
            scopeOfClient(clientId),
            clientEvents.map((event) => ({ assetId: event.assetId, at: event.occurredAt })),
          ),
        ]);
        const targets = clientEvents.flatMap((event, i) => {
          const summary = eventSummary(
            { ...event, placeName: typeof event.details?.geofenceName === 'string' ? event.details.geofenceName : null },
            timeZone,
            CLIENT_LANGUAGE,
          );
          const message = { type: `event.${event.type}`, data: { ...toFleetEventView(event, drivers[i]), summary }, key: `event:${event._id.toHexString()}` };
          return endpoints.filter((endpoint) => endpoint.eventTypes.includes(message.type)).map((endpoint) => ({ endpoint, message }));
        });
        await this.dispatcher.deliverTo(clientId, targets);
      }),
    );
  }
}
