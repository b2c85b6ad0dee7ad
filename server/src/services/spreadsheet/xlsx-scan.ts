import { malformed, readTag, type Tag } from './xlsx-xml.js';

/** A start tag, comment or declaration longer than this is refused rather than awaited (real ones are short). */
export const MAX_TAG_CHARS = 64 * 1024;

const BEFORE = 0;
const INSIDE = 1;
const AFTER = 2;

/** Whether `</name` at `at` really closes `name` (and is not `</nameMore`); undefined when the text ends first. */
function closesAt(x: string, at: number, length: number): boolean | undefined {
  const c = x.charCodeAt(at + length);
  if (Number.isNaN(c)) return undefined;
  return c === 62 || c === 32 || c === 10 || c === 9 || c === 13;
}

/**
 * Finds the `item` elements of the `container` element (a worksheet's rows in its sheetData, the shared
 * strings in sst) in XML that arrives in pieces, and hands each complete one to `onItem` with the text
 * it lies in and where its content ends. Only the text of one unfinished item is kept between pieces;
 * while an item spans many pieces they are kept in a list and joined once it is complete, so a huge
 * item costs linear time. Items must not nest (rows and string items do not).
 */
export class ItemScanner {
  private rest = '';
  private state = BEFORE;
  /** While an item spans pieces: its pieces so far, the closing tag awaited, and the end of the text seen. */
  private waiting: { parts: string[]; close: string; tail: string } | undefined;

  constructor(
    private readonly container: string,
    private readonly item: string,
    private readonly onItem: (x: string, tag: Tag, contentEnd: number) => void,
  ) {}

  /** True once the container has closed: the rest of the part need not be read. */
  get finished(): boolean {
    return this.state === AFTER;
  }

  push(piece: string): void {
    if (this.state === AFTER || !piece) return;
    const w = this.waiting;
    if (w) {
      // Join only once the closing tag has arrived; it may straddle the pieces' boundary.
      const seen = w.tail + piece;
      w.parts.push(piece);
      if (!seen.includes(w.close)) {
        w.tail = seen.slice(-w.close.length);
        return;
      }
      this.waiting = undefined;
      this.scan(w.parts.join(''));
      return;
    }
    this.scan(this.rest + piece);
  }

  /** At the end of the part: an item or the container left open means the part was cut short. */
  end(): void {
    if (this.waiting || this.state === INSIDE) throw malformed();
  }

  private scan(x: string): void {
    let i = 0;
    while (this.state !== AFTER) {
      const lt = x.indexOf('<', i);
      if (lt < 0) {
        i = x.length;
        break;
      }
      const tag = readTag(x, lt);
      if (!tag) {
        if (x.length - lt > MAX_TAG_CHARS) throw malformed();
        i = lt;
        break;
      }
      i = tag.end;
      if (tag.name === this.container) {
        if (this.state === BEFORE && tag.kind !== 'close') this.state = tag.kind === 'empty' ? AFTER : INSIDE;
        else if (this.state === INSIDE && tag.kind === 'close') this.state = AFTER;
        continue;
      }
      if (this.state !== INSIDE || tag.name !== this.item) continue;
      if (tag.kind === 'empty') this.onItem(x, tag, tag.end);
      if (tag.kind !== 'open') continue;
      const close = `</${tag.prefix}${this.item}`;
      let at = x.indexOf(close, tag.end);
      let closes = at < 0 ? undefined : closesAt(x, at, close.length);
      while (closes === false) {
        at = x.indexOf(close, at + 1);
        closes = at < 0 ? undefined : closesAt(x, at, close.length);
      }
      const gt = closes ? x.indexOf('>', at) : -1;
      if (gt < 0) {
        const pending = x.slice(lt);
        this.waiting = { parts: [pending], close, tail: pending.slice(-close.length) };
        this.rest = '';
        return;
      }
      this.onItem(x, tag, at);
      i = gt + 1;
    }
    this.rest = this.state === AFTER ? '' : x.slice(i);
  }
}
