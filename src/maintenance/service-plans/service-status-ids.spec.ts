import { Types } from 'mongoose';
import { serviceStatusId, serviceStatusNumber } from './service-status-ids';

describe('service status ids', () => {
  const client = new Types.ObjectId('64b7f0c2a1b2c3d4e5f60718');
  const other = new Types.ObjectId('64b7f0c2a1b2c3d4e5f60719');

  it('numbers a client’s statuses so that ids sort as the numbers do', () => {
    const numbers = [0, 1, 2, 255, 256, 65_535, 65_536, 10_000_000, 2 ** 40];
    const ids = numbers.map((n) => serviceStatusId(client, n).toHexString());
    expect([...ids].sort()).toEqual(ids);
    expect(numbers.map((n) => serviceStatusNumber(client, serviceStatusId(client, n)))).toEqual(numbers);
  });

  it('keeps clients apart: another client’s id (or a plain ObjectId) has no number here', () => {
    expect(serviceStatusId(client, 7).equals(serviceStatusId(other, 7))).toBe(false);
    expect(serviceStatusNumber(client, serviceStatusId(other, 7))).toBeNull();
    expect(serviceStatusNumber(client, new Types.ObjectId())).toBeNull();
  });

  it('refuses numbers an id cannot hold', () => {
    expect(() => serviceStatusId(client, -1)).toThrow();
    expect(() => serviceStatusId(client, 2 ** 48)).toThrow();
    expect(() => serviceStatusId(client, 1.5)).toThrow();
  });
});
