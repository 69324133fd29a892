import { DynamicModule, Module } from '@nestjs/common';
import { TenantDataModule, TenantModelDefinition } from '@app/database';

/**
 * Registers a domain's records that belong to an asset (they carry `assetId`): their tenant
 * repositories keep every read, list, count and scoped write to the records of the assets the
 * caller may see (`AssetVisibility`), so no service checks it by hand. The one way to register
 * such a model (test/architecture checks it).
 */
@Module({})
export class AssetOwnedDataModule {
  static forFeature(definitions: TenantModelDefinition[]): DynamicModule {
    return TenantDataModule.forFeature(definitions.map((definition) => ({ ...definition, repository: { ...definition.repository, ownedBy: 'assetId' } })));
  }
}
