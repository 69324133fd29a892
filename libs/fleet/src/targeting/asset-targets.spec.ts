import { Types } from 'mongoose';
import { changedAssetTargets, newAssetTargets } from './asset-targets';

const TRUCK = '665f1c2ab4d3e8a9f0c1d2e3';
const NORTH = '665f1c2ab4d3e8a9f0c1d2e4';

describe('newAssetTargets', () => {
  it('defaults allAssets as the record kind says and names nothing', () => {
    expect(newAssetTargets({}, { allAssets: true })).toEqual({ allAssets: true, assetIds: [], groupIds: [] });
    expect(newAssetTargets({ allAssets: null, assetIds: null }, { allAssets: false })).toEqual({ allAssets: false, assetIds: [], groupIds: [] });
  });

  it('keeps what was sent, the ids as object ids', () => {
    expect(newAssetTargets({ allAssets: false, assetIds: [TRUCK], groupIds: [NORTH] }, { allAssets: true })).toEqual({
      allAssets: false,
      assetIds: [new Types.ObjectId(TRUCK)],
      groupIds: [new Types.ObjectId(NORTH)],
    });
  });
});

describe('changedAssetTargets', () => {
  it('sets only the fields sent', () => {
    expect(changedAssetTargets({})).toEqual({});
    expect(changedAssetTargets({ allAssets: false })).toEqual({ allAssets: false });
    expect(changedAssetTargets({ groupIds: [] })).toEqual({ groupIds: [] });
    expect(changedAssetTargets({ assetIds: [TRUCK] })).toEqual({ assetIds: [new Types.ObjectId(TRUCK)] });
  });
});
