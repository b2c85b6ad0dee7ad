import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { rgb } from 'pdf-lib';

/*
 * Text on the product's PDFs (receipts, credit notes, certificates), in the shipped DejaVu fonts (pdf-fonts.ts):
 * a character the font lacks prints as '?' instead of failing the whole document.
 */

export const INK = rgb(0.1, 0.11, 0.12);
export const MUTED = rgb(0.38, 0.4, 0.44);

// A font's character set, built once per embedded font (an embedded font lists several thousand).
const characterSets = new WeakMap<PDFFont, Set<number>>();

/** `text` with every character the font cannot encode replaced by '?'. */
export function printable(font: PDFFont, text: string): string {
  const chars = [...text.normalize('NFC')];
  let supported = characterSets.get(font);
  if (!supported) characterSets.set(font, (supported = new Set(font.getCharacterSet())));
  return chars.map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

export type TextOptions = { font: PDFFont; size: number; color?: RGB; align?: 'left' | 'center' | 'right' };

/** Draws one line of text at (x, y); `align` measures from x (center: x is the middle, right: x is the end). */
export function line(page: PDFPage, raw: string, x: number, y: number, o: TextOptions): void {
  const text = printable(o.font, raw);
  const width = o.font.widthOfTextAtSize(text, o.size);
  const left = o.align === 'center' ? x - width / 2 : o.align === 'right' ? x - width : x;
  page.drawText(text, { x: left, y, size: o.size, font: o.font, color: o.color ?? INK });
}

/** Money as people read it: $95.00 (USD), 0 as $0.00. */
export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** A date as printed on the documents, in UTC: November 29, 2026. */
export function printedDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
