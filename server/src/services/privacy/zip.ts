import { deflateRawSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Little-endian fields `[bits, value]` one after another. */
function fields(values: [16 | 32, number][]): Buffer {
  const out = Buffer.alloc(values.reduce((n, [bits]) => n + bits / 8, 0));
  let at = 0;
  for (const [bits, value] of values) {
    if (bits === 16) out.writeUInt16LE(value, at);
    else out.writeUInt32LE(value, at);
    at += bits / 8;
  }
  return out;
}

/**
 * A zip of small text files (deflated), built in memory: what a person's export holds (a JSON file per area
 * and a README) stays far below the 4 GB a plain zip allows. Names are UTF-8 (flag bit 11).
 */
export function zipFiles(files: { name: string; content: string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const raw = Buffer.from(file.content, 'utf8');
    const data = deflateRawSync(raw);
    const crc = crc32(raw);
    const common: [16 | 32, number][] = [
      [16, 20],
      [16, 0x0800],
      [16, 8],
      [16, 0],
      [16, 0x21],
      [32, crc],
      [32, data.length],
      [32, raw.length],
      [16, name.length],
      [16, 0],
    ];
    const local = Buffer.concat([fields([[32, 0x04034b50], ...common]), name, data]);
    const central = Buffer.concat([
      fields([[32, 0x02014b50], [16, 20], ...common, [16, 0], [16, 0], [16, 0], [32, 0], [32, offset]]),
      name,
    ]);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = fields([
    [32, 0x06054b50],
    [16, 0],
    [16, 0],
    [16, files.length],
    [16, files.length],
    [32, directory.length],
    [32, offset],
    [16, 0],
  ]);
  return Buffer.concat([...locals, directory, end]);
}
