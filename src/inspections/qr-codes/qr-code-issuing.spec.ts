import { normalizeCrockfordCode } from '@app/formats';
import { formatQrCode, randomQrCode } from './qr-code-issuing';

describe('QR code issuing', () => {
  it('generates 8-symbol canonical codes that differ', () => {
    const codes = Array.from({ length: 200 }, randomQrCode);
    for (const code of codes) expect(normalizeCrockfordCode(code)).toBe(code);
    expect(new Set(codes).size).toBe(200);
  });

  it('prints a code as two groups of four', () => {
    expect(formatQrCode('7K3M9QXD')).toBe('7K3M-9QXD');
  });
});
