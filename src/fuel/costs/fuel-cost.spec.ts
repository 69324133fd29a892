import { fuelCost } from './fuel-cost';

describe('fuelCost', () => {
  it('multiplies litres by the price, kept to cents', () => {
    expect(fuelCost(40, 1050)).toBe(42000);
    expect(fuelCost(12.5, 1099.9)).toBe(13748.75);
    expect(fuelCost(0.1, 0.2)).toBe(0.02);
    expect(fuelCost(3.333, 1000.01)).toBe(3333.03);
  });

  it('is zero for no litres', () => {
    expect(fuelCost(0, 1234.56)).toBe(0);
  });
});
