import { AreaIndex } from './area-index';
import { compileShape } from './area-shape';

describe('AreaIndex', () => {
  const area = (id: string, lng: number, lat: number) => ({ id, shape: compileShape({ type: 'Point', coordinates: [lng, lat] }, { radiusM: 100 }) });
  const depot = area('depot', -70.65, -33.45);
  const yard = area('yard', -70.6, -33.4);
  const index = new AreaIndex([depot, yard]);

  it('answers the areas a point is inside, not those whose box only comes near', () => {
    expect(index.containing({ lat: -33.45, lng: -70.65 })).toEqual([depot]);
    // Inside the depot's box (its corner), outside its circle.
    expect(index.containing({ lat: -33.45 + 0.0008, lng: -70.65 + 0.00095 })).toEqual([]);
  });

  it('answers the areas whose box meets a box', () => {
    expect(
      index
        .meeting(-70.7, -33.5, -70.55, -33.35)
        .map(({ id }) => id)
        .sort(),
    ).toEqual(['depot', 'yard']);
    expect(index.meeting(-70.62, -33.42, -70.61, -33.41)).toEqual([]);
  });

  it('answers nothing without areas', () => {
    expect(new AreaIndex([]).containing({ lat: 0, lng: 0 })).toEqual([]);
  });
});
