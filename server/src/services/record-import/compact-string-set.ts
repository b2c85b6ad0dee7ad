/**
 * An exact set of strings that costs a few bytes more than their UTF-8 text: the keys live in one growing
 * buffer (each as a 2-byte length and its bytes) found through an open-addressing table of offsets and
 * hashes. An import remembers a key or two of every row of a 500,000-row file; as a `Set<string>` they
 * would take a hundred bytes each on the garbage-collected heap, and the heap grows by twice that.
 */
export class CompactStringSet {
  private bytes: Buffer = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** Offset of each slot's key in `bytes`, -1 when empty. */
  private offsets = new Int32Array(1 << 10).fill(-1);
  private hashes = new Uint32Array(1 << 10);
  private scratch: Buffer = Buffer.allocUnsafe(1024);
  size = 0;

  has(key: string): boolean {
    const length = this.encode(key);
    return this.find(length, hash(this.scratch, length)).found;
  }

  /** Adds `key`; answers false when it was already there. */
  add(key: string): boolean {
    const length = this.encode(key);
    const h = hash(this.scratch, length);
    const { found, slot } = this.find(length, h);
    if (found) return false;
    if (this.used + 2 + length > this.bytes.length) this.bytes = grown(this.bytes, this.used + 2 + length);
    this.bytes.writeUInt16LE(length, this.used);
    this.scratch.copy(this.bytes, this.used + 2, 0, length);
    this.offsets[slot] = this.used;
    this.hashes[slot] = h;
    this.used += 2 + length;
    if (++this.size * 2 > this.offsets.length) this.rehash();
    return true;
  }

  /** The key's UTF-8 bytes into `scratch`; answers their length. */
  private encode(key: string): number {
    const needed = Buffer.byteLength(key);
    if (needed > 0xffff) throw new RangeError('A key longer than 65,535 bytes');
    if (needed > this.scratch.length) this.scratch = Buffer.allocUnsafe(needed * 2);
    return this.scratch.write(key);
  }

  private find(length: number, h: number): { found: boolean; slot: number } {
    const mask = this.offsets.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const at = this.offsets[slot]!;
      if (at < 0) return { found: false, slot };
      if (
        this.hashes[slot] === h &&
        this.bytes.readUInt16LE(at) === length &&
        this.scratch.compare(this.bytes, at + 2, at + 2 + length, 0, length) === 0
      ) {
        return { found: true, slot };
      }
    }
  }

  private rehash() {
    const { offsets, hashes } = this;
    this.offsets = new Int32Array(offsets.length * 2).fill(-1);
    this.hashes = new Uint32Array(offsets.length * 2);
    const mask = this.offsets.length - 1;
    for (let i = 0; i < offsets.length; i++) {
      if (offsets[i]! < 0) continue;
      let slot = hashes[i]! & mask;
      while (this.offsets[slot]! >= 0) slot = (slot + 1) & mask;
      this.offsets[slot] = offsets[i]!;
      this.hashes[slot] = hashes[i]!;
    }
  }
}

/** FNV-1a over the first `length` bytes, finished with a multiply-xorshift so that low bits spread. */
function hash(bytes: Buffer, length: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

function grown(bytes: Buffer, needed: number): Buffer {
  let size = bytes.length * 2;
  while (size < needed) size *= 2;
  const next = Buffer.allocUnsafe(size);
  bytes.copy(next);
  return next;
}
