/** Little-endian fields `[offset, bits, value]` written into a zeroed record of `length` bytes. */
function record(length: number, fields: [offset: number, bits: 16 | 32, value: number][]): Buffer {
  const buffer = Buffer.alloc(length);
  for (const [offset, bits, value] of fields) {
    if (bits === 16) buffer.writeUInt16LE(value, offset);
    else buffer.writeUInt32LE(value, offset);
  }
  return buffer;
}

/**
 * The bytes around one stored (uncompressed) entry of `size` bytes: `head`, then the entry's data,
 * then `tail` make a valid zip of any size, so tests and the bench can stream large archives
 * without holding them.
 */
export function storedZipParts(size: number): { head: Buffer; tail: Buffer; fileSize: number } {
  const name = Buffer.from('data.bin');
  const local = record(30, [
    [0, 32, 0x04034b50],
    [4, 16, 10],
    [18, 32, size],
    [22, 32, size],
    [26, 16, name.length],
  ]);
  const central = record(46, [
    [0, 32, 0x02014b50],
    [4, 16, 10],
    [6, 16, 10],
    [20, 32, size],
    [24, 32, size],
    [28, 16, name.length],
  ]);
  const end = record(22, [
    [0, 32, 0x06054b50],
    [8, 16, 1],
    [10, 16, 1],
    [12, 32, 46 + name.length],
    [16, 32, 30 + name.length + size],
  ]);
  const head = Buffer.concat([local, name]);
  const tail = Buffer.concat([central, name, end]);
  return { head, tail, fileSize: head.length + size + tail.length };
}

/** A whole zip holding one stored entry of `size` bytes. */
export function zipOf(size: number): Buffer {
  const { head, tail } = storedZipParts(size);
  return Buffer.concat([head, Buffer.alloc(size, 0x61), tail]);
}
