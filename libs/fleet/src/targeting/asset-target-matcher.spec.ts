import { Types } from 'mongoose';
import { compileAssetTargets, targetsApplyTo, targetsNeedAssetGroups } from './asset-target-matcher';
import type { AssetTargets } from './asset-targets';

const TRUCK = new Types.ObjectId();
const VAN = new Types.ObjectId();
const NORTH = new Types.ObjectId();
const SOUTH = new Types.ObjectId();

const targets = (data: Partial<AssetTargets>): AssetTargets => ({ allAssets: false, assetIds: [], groupIds: [], ...data });

// Both forms of the matcher answer alike: the compiled one for a record asked about many assets,
// the direct one for a single question.
describe.each([
  ['compileAssetTargets', (t: AssetTargets, asset: Parameters<typeof targetsApplyTo>[1]) => compileAssetTargets(t).appliesTo(asset)],
  ['targetsApplyTo', targetsApplyTo],
])('%s', (_, appliesTo) => {
  it('applies to every asset with allAssets, whatever it names', () => {
    expect(appliesTo(targets({ allAssets: true }), { _id: TRUCK })).toBe(true);
    expect(appliesTo(targets({ allAssets: true, assetIds: [VAN] }), { _id: TRUCK, groupIds: [] })).toBe(true);
  });

  it('applies to an asset it names by id', () => {
    expect(appliesTo(targets({ assetIds: [VAN, TRUCK] }), { _id: new Types.ObjectId(TRUCK.toHexString()) })).toBe(true);
  });

  it('applies to an asset of a group it names', () => {
    expect(appliesTo(targets({ groupIds: [SOUTH] }), { _id: TRUCK, groupIds: [NORTH, new Types.ObjectId(SOUTH.toHexString())] })).toBe(true);
  });

  it('applies to no other asset', () => {
    const some = targets({ assetIds: [VAN], groupIds: [SOUTH] });
    expect(appliesTo(some, { _id: TRUCK, groupIds: [NORTH] })).toBe(false);
    expect(appliesTo(some, { _id: TRUCK })).toBe(false);
    expect(appliesTo(some, { _id: TRUCK, groupIds: null })).toBe(false);
    expect(appliesTo(targets({}), { _id: TRUCK, groupIds: [SOUTH] })).toBe(false);
  });
});

describe('targetsNeedAssetGroups', () => {
  it('is true only for targets that name groups without allAssets', () => {
    expect(targetsNeedAssetGroups(targets({ groupIds: [NORTH] }))).toBe(true);
    expect(targetsNeedAssetGroups(targets({ allAssets: true, groupIds: [NORTH] }))).toBe(false);
    expect(targetsNeedAssetGroups(targets({ assetIds: [TRUCK] }))).toBe(false);
  });
});
