import { DynamicModule, Inject, Module, Provider } from '@nestjs/common';
import { getModelToken, InjectModel, MongooseModule } from '@nestjs/mongoose';
import type { Model, Schema } from 'mongoose';
import { AppConfig } from '@app/config';
import { OWNER_VISIBILITY, OwnerVisibility } from './owner-visibility';
import { TenantRepository } from './tenant-repository';
import type { TenantOwned, TenantRepositoryOptions } from './tenant-repository-options';

type Named = { name: string };

export interface TenantModelDefinition<T = unknown> {
  name: string;
  schema: Schema;
  /**
   * Repository options; `cacheReadsById` keeps reads by id for READ_CACHE_TTL_SECONDS;
   * `ownedBy` names the owner field of records that belong to another record (their visibility is
   * the owner's, decided by the `OWNER_VISIBILITY` provider: `AssetOwnedDataModule` of
   * `@app/fleet` registers an asset's records this way); `ownerlessVisible`: such a record without
   * an owner is visible to every caller of the client (else only to one who sees every owner).
   */
  repository?: Omit<TenantRepositoryOptions<T>, 'cacheReadsByIdMs' | 'owner'> & { cacheReadsById?: boolean; ownedBy?: string; ownerlessVisible?: boolean };
}

/** The injection token of a model's tenant repository. */
export const tenantRepositoryToken = (name: string) => `TenantRepository:${name}`;

/** Injects the tenant repository of a model registered with `TenantDataModule.forFeature`. */
export const InjectRepository = (model: Named): ParameterDecorator => Inject(tenantRepositoryToken(model.name));

/**
 * Injects the raw mongoose model of tenant data, with no client scope: only for the few places
 * that must work across clients (the demo seed, the boot resume of price changes, the command
 * line), which `test/architecture/architecture.spec.ts` lists. Grep for it to find them all.
 */
export const InjectUnscopedModel = (model: Named): ParameterDecorator => InjectModel(model.name);

/**
 * Registers a domain's tenant models (their schemas with mongoose, as `MongooseModule.forFeature`
 * does) and provides a `TenantRepository` for each, to inject with `@InjectRepository(Model)`.
 */
@Module({})
export class TenantDataModule {
  static forFeature(definitions: TenantModelDefinition[]): DynamicModule {
    const models = MongooseModule.forFeature(definitions.map(({ name, schema }) => ({ name, schema })));
    const repositories: Provider[] = definitions.map(({ name, repository = {} }) => ({
      provide: tenantRepositoryToken(name),
      inject: [getModelToken(name), AppConfig, ...(repository.ownedBy ? [OWNER_VISIBILITY] : [])],
      useFactory: (model: Model<TenantOwned>, config: AppConfig, visibility?: OwnerVisibility) => {
        const { cacheReadsById, ownedBy, ownerlessVisible, ...options } = repository;
        const owner = ownedBy && visibility ? { field: ownedBy, visibility, ownerlessVisible } : undefined;
        return new TenantRepository(model, {
          ...(options as TenantRepositoryOptions<TenantOwned>),
          cacheReadsByIdMs: cacheReadsById ? config.readCacheTtlMs : 0,
          owner,
        });
      },
    }));
    return { module: TenantDataModule, imports: [models], providers: repositories, exports: [models, ...repositories] };
  }
}
