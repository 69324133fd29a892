import { refuelAnomalies } from './refuel-anomalies';

const base = { liters: 100, pricePerLiter: 1000, tankCapacityL: 400, tariffPricePerLiter: 1000, fromVehicle: { distanceM: 20, vehicleAt: null } };

describe('refuel anomalies', () => {
  it('finds none in an ordinary refuel, and says what it measured', () => {
    expect(refuelAnomalies(base)).toEqual({
      anomalies: [],
      checks: { tankCapacityL: 400, distanceFromVehicleM: 20, vehicleAt: null, tariffPricePerLiter: 1000, priceDifference: 0 },
    });
  });

  it('flags more than the tank holds, a place over 500 m from the vehicle, a price over 15 % from the tariff', () => {
    expect(refuelAnomalies({ ...base, liters: 400.1 }).anomalies).toEqual(['over_tank_capacity']);
    expect(refuelAnomalies({ ...base, liters: 400 }).anomalies).toEqual([]);
    expect(refuelAnomalies({ ...base, fromVehicle: { distanceM: 501, vehicleAt: null } }).anomalies).toEqual(['away_from_vehicle']);
    expect(refuelAnomalies({ ...base, fromVehicle: { distanceM: 500, vehicleAt: null } }).anomalies).toEqual([]);
    expect(refuelAnomalies({ ...base, pricePerLiter: 1151 }).anomalies).toEqual(['price_mismatch']);
    expect(refuelAnomalies({ ...base, pricePerLiter: 849 }).anomalies).toEqual(['price_mismatch']);
    expect(refuelAnomalies({ ...base, pricePerLiter: 1150 }).anomalies).toEqual([]);
  });

  it('flags an odometer more than 5 % and more than 50 km from the meter at the refuel’s time', () => {
    const at = (typedKm: number, meterKm: number) => refuelAnomalies({ ...base, odometer: { typedKm, meterKm } }).anomalies;
    expect(at(60_000, 120_000)).toEqual(['odometer_mismatch']);
    expect(at(126_001, 120_000)).toEqual(['odometer_mismatch']);
    expect(at(126_000, 120_000)).toEqual([]); // exactly 5 %
    expect(at(140, 100)).toEqual([]); // 40 % but 40 km: not both
    expect(at(1_050, 1_000)).toEqual([]); // 50 km: not more than 50
    expect(at(1_060, 1_000)).toEqual(['odometer_mismatch']);
  });

  it('skips a check it has nothing to measure against', () => {
    expect(refuelAnomalies({ liters: 9999, pricePerLiter: null, tankCapacityL: null, tariffPricePerLiter: null, fromVehicle: null })).toEqual({
      anomalies: [],
      checks: {},
    });
  });
});
