import { DomainException } from '@app/errors';
import { InspectionError } from '../inspection-errors';
import { parseScanTarget } from './scan-target';

describe('parseScanTarget', () => {
  it.each([
    ['64b7f0c2a1b2c3d4e5f60718', { kind: 'asset', assetId: '64b7f0c2a1b2c3d4e5f60718' }],
    ['64B7F0C2A1B2C3D4E5F60718', { kind: 'asset', assetId: '64b7f0c2a1b2c3d4e5f60718' }],
    ['7K3M9QXD', { kind: 'code', code: '7K3M9QXD' }],
    ['7k3m-9qxd', { kind: 'code', code: '7K3M9QXD' }],
    ['iLo0-abcd', { kind: 'code', code: '1100ABCD' }],
  ])('reads %s', (path, target) => {
    expect(parseScanTarget(path)).toEqual(target);
  });

  it.each(['7K3M9QX', '7K3M9QXDD', 'UUUUUUUU', '64b7f0c2a1b2c3d4e5f6071', '64b7f0c2a1b2c3d4e5f60718a', '64b7f0c2a1b2c3d4e5f6071g', '', '7K3M--9QX'])(
    'refuses %j as INSPECTION_QR_INVALID',
    (path) => {
      expect(() => parseScanTarget(path)).toThrow(DomainException);
      try {
        parseScanTarget(path);
      } catch (error) {
        expect((error as DomainException).code).toBe(InspectionError.INSPECTION_QR_INVALID);
      }
    },
  );
});
