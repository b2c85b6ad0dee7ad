import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { Fontkit, Font } from 'pdf-lib/cjs/types/fontkit.js';

/*
 * The fonts of the product's PDFs (receipts, credit notes, certificates): DejaVu (the npm package
 * dejavu-fonts-ttf, shipped with the product, nothing fetched), which covers Latin, Greek, Cyrillic, Armenian,
 * Georgian and Hebrew, so a member named Жанна Петрова or Ελένη Παπαδοπούλου prints as written. Each is embedded
 * as a subset (only the glyphs the document uses: a receipt stays near 30 KB) with a ToUnicode map, so the
 * text can be searched and copied. A character DejaVu lacks (CJK, say) still prints as '?' (pdf-text.ts).
 */

const FILES = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  serifItalic: 'DejaVuSerif-Italic.ttf',
} as const;
export type PdfFontName = keyof typeof FILES;

const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const bytes = new Map<PdfFontName, Uint8Array>();

/** A font file's bytes, read once per process. */
function fontBytes(name: PdfFontName): Uint8Array {
  let font = bytes.get(name);
  if (!font) bytes.set(name, (font = readFileSync(path.join(dir, FILES[name]))));
  return font;
}

// Each font is parsed once per process, not once per document: its glyphs and shaping tables, read on first
// use, then serve every later document (each still gets its own subset). A certificate took about 3x the time
// with a fresh parse per document.
const parsed = new WeakMap<Uint8Array, Font>();
const cachingFontkit: Fontkit = {
  create(data, postscriptName) {
    let font = parsed.get(data);
    if (!font) parsed.set(data, (font = (fontkit as Fontkit).create(data, postscriptName)));
    return font;
  },
};

/** Embeds the named fonts (subset) in `pdf`, in the order asked. */
export async function embedFonts<N extends PdfFontName[]>(
  pdf: PDFDocument,
  ...names: N
): Promise<{ [K in keyof N]: PDFFont }> {
  pdf.registerFontkit(cachingFontkit);
  return (await Promise.all(names.map((n) => pdf.embedFont(fontBytes(n), { subset: true })))) as {
    [K in keyof N]: PDFFont;
  };
}
