import { Types } from 'mongoose';
import { assetsTargetedBy, recordsTargeting } from './asset-target-queries';

const TRUCK = new Types.ObjectId();
const NORTH = new Types.ObjectId();

describe('assetsTargetedBy', () => {
  it('is every asset with allAssets, nothing to read when the targets name nothing', () => {
    expect(assetsTargetedBy({ allAssets: true, assetIds: [TRUCK], groupIds: [] })).toEqual({});
    expect(assetsTargetedBy({ allAssets: false, assetIds: [], groupIds: [] })).toBeNull();
  });

  it('is the named assets and the assets of the named groups', () => {
    expect(assetsTargetedBy({ allAssets: false, assetIds: [TRUCK], groupIds: [NORTH] })).toEqual({
      $or: [{ _id: { $in: [TRUCK] } }, { groupIds: { $in: [NORTH] } }],
    });
    expect(assetsTargetedBy({ allAssets: false, assetIds: [], groupIds: [NORTH] })).toEqual({ $or: [{ groupIds: { $in: [NORTH] } }] });
  });
});

describe('recordsTargeting', () => {
  it('is the records for all assets, naming the asset, or naming one of its groups', () => {
    expect(recordsTargeting({ _id: TRUCK, groupIds: [NORTH] })).toEqual({
      $or: [{ allAssets: true }, { assetIds: TRUCK }, { groupIds: { $in: [NORTH] } }],
    });
  });
});
