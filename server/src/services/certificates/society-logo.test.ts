import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { pdfText } from '../../test/pdf-read.js';
import { receiptPdf } from '../receipts/receipt-pdf.js';
import { certificatePdf } from './certificate-pdf.js';
import { certificateFixture, receiptFixture } from '../../test/pdf-fixtures.js';

// Issue 38 §7: the society's logo from the settings prints on receipts and certificates when set.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const logo = { bytes: PNG, contentType: 'image/png' };

/** The images drawn on the first page. */
async function images(bytes: Uint8Array): Promise<number> {
  const page = (await PDFDocument.load(bytes)).getPage(0);
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return xObjects?.keys().length ?? 0;
}

const receipt = (society: { name: string; address: string; logo?: typeof logo }) => receiptPdf(receiptFixture(society));

const certificate = (society: { name: string; logo?: typeof logo }) =>
  certificatePdf(certificateFixture({}, { society, size: 'letter' }));

describe('the society logo on PDFs', () => {
  it('a receipt draws the logo above the name and address when set, and none otherwise', async () => {
    const society = { name: 'Alpha Honor Society', address: '1 Honor Way\nSpringfield, IL 62701' };
    expect(await images(await receipt(society))).toBe(0);
    const withLogo = await receipt({ ...society, logo });
    expect(await images(withLogo)).toBe(1);
    const text = await pdfText(withLogo);
    expect(text).toContain('Alpha Honor Society');
    expect(text).toContain('Springfield, IL 62701');
  });

  it('a certificate draws the logo besides its QR code; an unreadable logo is left out', async () => {
    expect(await images(await certificate({ name: 'Honor Society' }))).toBe(1); // the QR code
    expect(await images(await certificate({ name: 'Honor Society', logo }))).toBe(2);
    const broken = { bytes: Buffer.from('not a png'), contentType: 'image/png' };
    expect(await images(await certificate({ name: 'Honor Society', logo: broken }))).toBe(1);
  });
});
