import { detectFileType, safeFilename } from './upload-file-types';

describe('upload file types (by content)', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xdb], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    [[...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBPVP8L')], 'image/webp'],
    [[...Buffer.from('%PDF-1.7')], 'application/pdf'],
    [[0, 0, 0, 0x1c, ...Buffer.from('ftypheic'), 0, 0], 'image/heic'],
    [[0, 0, 0, 0x1c, ...Buffer.from('ftypmif1'), 0, 0], 'image/heic'],
  ])('recognises %j as %s', (bytes, type) => {
    expect(detectFileType(Buffer.from(bytes))?.contentType).toBe(type);
  });

  it.each([
    ['an executable', Buffer.from('MZ\x90\x00')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['RIFF that is not WebP (a WAV)', Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ')],
    ['an MP4 (ftyp, not a HEIF brand)', Buffer.from('\x00\x00\x00\x18ftypisom')],
    ['nothing', Buffer.alloc(0)],
    ['a truncated JPEG', Buffer.from([0xff, 0xd8])],
  ])('refuses %s', (_name, content) => {
    expect(detectFileType(content)).toBeUndefined();
  });

  it('makes names safe for a quoted Content-Disposition', () => {
    expect(safeFilename('../../etc/"passwd".jpg', 'image/jpeg')).toBe('passwd.jpg');
    expect(safeFilename('C:\\fotos\\frenos; x.png', 'image/png')).toBe('frenos x.png');
    expect(safeFilename('Neumático ñ.jpg', 'image/jpeg')).toBe('Neumatico n.jpg');
    expect(safeFilename('📷', 'application/pdf')).toBe('upload.pdf');
    expect(safeFilename(undefined, 'image/jpeg')).toBe('upload.jpg');
  });
});
