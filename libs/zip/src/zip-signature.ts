const LOCAL_HEADER_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');

/** Whether a file starts as a ZIP archive does (an .xlsx, a .kmz): what uploads are told apart by, not their names. */
export const startsAsZip = (buffer: Buffer): boolean => buffer.subarray(0, 4).equals(LOCAL_HEADER_SIGNATURE);
