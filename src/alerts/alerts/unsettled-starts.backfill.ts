import { Injectable } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { byClient, DataMigration, type DataMigrationPass, InjectUnscopedModel, scopeOfClient, type TenantScope } from '@app/database';
import { END_OF } from '../../events';
import { AlertOpening } from '../schemas/alert-opening.schema';
import { Alert } from '../schemas/alert.schema';
import { UnsettledStartsRegister, type UnsettledStart } from './unsettled-starts';

type UnsettledRecord = { _id: Types.ObjectId; clientId: Types.ObjectId; assetId: Types.ObjectId };

/**
 * Alerts and waiting openings written before the registers of unsettled starts existed are on no
 * register, so no end would settle them. At boot, in the background, until a boot finds none left
 * (`DataMigrations`), every alert of a start type not yet resolved and every waiting opening that
 * is not on its asset's register goes on it (one settled meanwhile reads as settled and leaves at
 * the next end).
 */
@Injectable()
@DataMigration({ name: 'alerts.unsettled-starts', leftUndone: 'Unsettled alerts not put on their registers' })
export class UnsettledStartsBackfill implements DataMigrationPass {
  constructor(
    // Every client's, once: the one unscoped read of this domain (a data migration).
    @InjectUnscopedModel(Alert) private readonly allClientsAlerts: Model<Alert>,
    @InjectUnscopedModel(AlertOpening) private readonly allClientsOpenings: Model<AlertOpening>,
    private readonly registers: UnsettledStartsRegister,
  ) {}

  /** Puts every unsettled alert and waiting opening on its asset's register; answers how many were on none. */
  async run(): Promise<number> {
    const projection = { clientId: 1, assetId: 1 };
    const [alerts, openings] = await Promise.all([
      this.allClientsAlerts
        .find({ state: { $in: ['open', 'acknowledged'] }, eventType: { $in: Object.keys(END_OF) } }, projection)
        .lean<UnsettledRecord[]>()
        .exec(),
      this.allClientsOpenings.find({ state: 'waiting' }, projection).lean<UnsettledRecord[]>().exec(),
    ]);
    let added = 0;
    for (const records of byClient([...alerts, ...openings])) {
      const starts = records.map((record): UnsettledStart => ({ assetId: record.assetId, id: record._id }));
      added += await this.addMissing(scopeOfClient(records[0].clientId), starts);
    }
    return added;
  }

  /** Adds the starts not on their registers yet; answers how many. */
  private async addMissing(scope: TenantScope, starts: readonly UnsettledStart[]): Promise<number> {
    const registers = await this.registers.of(
      scope,
      [...new Set(starts.map((start) => start.assetId.toHexString()))].map((id) => new Types.ObjectId(id)),
    );
    const registered = new Set(registers.flatMap((register) => (register.ids ?? []).map((id) => id.toHexString())));
    const missing = starts.filter((start) => !registered.has(start.id.toHexString()));
    await this.registers.add(scope, missing);
    return missing.length;
  }
}
