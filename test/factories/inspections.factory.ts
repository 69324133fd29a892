import { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { randomInt, randomUUID } from 'node:crypto';
import type { Stored } from '@app/database';
import { Asset, AssetGroup, Tracker } from '@app/fleet';
import { FieldType } from '../../src/forms/form-field-types';
import { DynamicForm } from '../../src/forms/schemas/dynamic-form.schema';

/** Trackers, assets, groups and forms of a test tenant, written through the real models. */
export function fleetFixtures(app: INestApplication, clientId: Types.ObjectId) {
  const model = <T>(name: string) => app.get<Model<T>>(getModelToken(name));
  const plain = <T>(doc: { toObject(): unknown }) => doc.toObject() as Stored<T>;
  return {
    async tracker(): Promise<Stored<Tracker>> {
      return plain(await model<Tracker>(Tracker.name).create({ clientId, vendorId: randomInt(1, 2 ** 40), name: 'Tracker' }));
    },
    async group(name = 'Group'): Promise<Stored<AssetGroup>> {
      return plain(await model<AssetGroup>(AssetGroup.name).create({ clientId, name }));
    },
    async asset(data: Partial<Asset> = {}): Promise<Stored<Asset>> {
      // Plates are unique per client: each fixture asset gets its own unless the test names one.
      const asset = { name: 'Camión 01', plate: `TEST-${randomInt(1, 2 ** 40)}`, kind: 'truck', icon: { id: 'truck', color: '#1e88e5' }, ...data, clientId };
      return plain(await model<Asset>(Asset.name).create(asset));
    },
    async form(data: Partial<DynamicForm> = {}): Promise<Stored<DynamicForm>> {
      const fields = [{ fieldId: 'notes', type: FieldType.Text, label: 'Notes', required: false }];
      return plain(await model<DynamicForm>(DynamicForm.name).create({ name: 'Form', status: 'active', fields, ...data, clientId }));
    },
  };
}

export const option = (label: string, critical = false) => ({ optionId: randomUUID(), label, critical });
