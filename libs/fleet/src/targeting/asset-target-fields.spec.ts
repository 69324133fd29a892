import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toFieldErrors } from '@app/http';
import { AllAssetsField, AssetTargetIdsField, MAX_ASSET_TARGETS } from './asset-target-fields';

const TRUCK = '665f1c2ab4d3e8a9f0c1d2e3';
const VAN = '665f1c2ab4d3e8a9f0c1d2e4';

class Targets {
  @AllAssetsField() allAssets?: boolean;
  @AssetTargetIdsField() assetIds?: string[];
  @AssetTargetIdsField() groupIds?: string[];
}

class LenientTargets {
  @AllAssetsField({ nullAsAbsent: true }) allAssets?: boolean;
  @AssetTargetIdsField({ unique: false }) assetIds?: string[];
}

const errorsOf = (dto: new () => object, body: object) => toFieldErrors(validateSync(plainToInstance(dto, body)));

describe('the asset targeting fields', () => {
  it('accept any combination of the three, each optional: allAssets wins when the record is matched', () => {
    expect(errorsOf(Targets, {})).toEqual([]);
    expect(errorsOf(Targets, { allAssets: true, assetIds: [TRUCK], groupIds: [VAN] })).toEqual([]);
    expect(errorsOf(Targets, { allAssets: false, assetIds: [], groupIds: [] })).toEqual([]);
  });

  it('refuse a non-boolean allAssets and ids that are not object ids', () => {
    expect(errorsOf(Targets, { allAssets: 'yes', groupIds: ['north'] })).toEqual([
      { path: 'allAssets', message: 'allAssets must be a boolean value' },
      { path: 'groupIds', message: 'groupIds must be a 24-character hexadecimal id' },
    ]);
    expect(errorsOf(Targets, { assetIds: TRUCK })).toEqual([{ path: 'assetIds', message: 'assetIds must be an array' }]);
  });

  it('refuse null, unless the field takes it as absent', () => {
    expect(errorsOf(Targets, { allAssets: null })).toEqual([{ path: 'allAssets', message: 'allAssets must be a boolean value' }]);
    expect(errorsOf(LenientTargets, { allAssets: null })).toEqual([]);
  });

  it('refuse the same id twice, unless the DTO de-duplicates', () => {
    expect(errorsOf(Targets, { assetIds: [TRUCK, TRUCK] })).toEqual([{ path: 'assetIds', message: "All assetIds's elements must be unique" }]);
    expect(errorsOf(LenientTargets, { assetIds: [TRUCK, TRUCK] })).toEqual([]);
  });

  it(`refuse more than ${MAX_ASSET_TARGETS} ids`, () => {
    const many = Array.from({ length: MAX_ASSET_TARGETS + 1 }, (_, i) => i.toString(16).padStart(24, '0'));
    expect(errorsOf(Targets, { groupIds: many })).toEqual([{ path: 'groupIds', message: `groupIds must contain no more than ${MAX_ASSET_TARGETS} elements` }]);
  });

  it('tell a field its messages in the order stacked decorators give them', () => {
    const body = { assetIds: Array.from({ length: MAX_ASSET_TARGETS + 1 }, () => 'x') };
    expect(errorsOf(Targets, body).map((error) => error.message)).toEqual([
      'assetIds must be a 24-character hexadecimal id',
      "All assetIds's elements must be unique",
      `assetIds must contain no more than ${MAX_ASSET_TARGETS} elements`,
    ]);
  });
});
