import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { rgb } from 'pdf-lib';

/*
 * Text on the product's PDFs (receipts, credit notes, certificates): pdf-lib's standard fonts (Helvetica and
 * Times, built into every PDF reader, so nothing is embedded or fetched). They encode WinAnsi (Latin-1 and a
 * few more): a character outside it prints as '?' instead of failing the whole document.
 */

export const INK = rgb(0.1, 0.11, 0.12);
export const MUTED = rgb(0.38, 0.4, 0.44);

/** `text` with every character the font cannot encode replaced by '?'. */
export function printable(font: PDFFont, text: string): string {
  const chars = [...text.normalize('NFC')];
  const supported = new Set(font.getCharacterSet());
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
