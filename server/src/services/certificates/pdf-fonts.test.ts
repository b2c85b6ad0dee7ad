import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../test/pdf-read.js';
import { receiptPdf } from '../receipts/receipt-pdf.js';
import { certificatePdf } from './certificate-pdf.js';
import { certificateFixture, receiptFixture } from '../../test/pdf-fixtures.js';

// Issue 38: names in other scripts than Latin print as written (the shipped DejaVu fonts, embedded as subsets),
// and read back as text by an independent reader.

const name = 'Жанна Петрова Ελένη Παπαδοπούλου';

describe('PDF fonts', () => {
  it('a certificate prints a Cyrillic and Greek name that PDF.js reads back', async () => {
    const bytes = await certificatePdf(
      certificateFixture(
        { name, chapter: 'Альфа Chapter', institution: 'Πανεπιστήμιο Αθηνών' },
        { signers: [{ role: 'Chapter Advisor', name: 'Dr. Ярослав Ковальчук', signature: null }] },
      ),
    );
    const text = await pdfText(bytes);
    expect(text).toContain(name);
    expect(text).toContain('is a member of Альфа Chapter, Πανεπιστήμιο Αθηνών');
    expect(text).toContain('Dr. Ярослав Ковальчук');
    expect(text).not.toContain('?');
    // Subsets, not whole fonts: DejaVu Serif alone is over 300 KB.
    expect(bytes.length).toBeLessThan(150_000);
    const fonts = [...(await PDFDocument.load(bytes)).context.enumerateIndirectObjects()]
      .map(([, o]) => String(o))
      .filter((o) => o.includes('/FontFile2'));
    expect(fonts.length).toBeGreaterThanOrEqual(3);
  });

  it('a receipt prints the member and the society in their own scripts', async () => {
    const bytes = await receiptPdf(
      receiptFixture(
        { name: 'Εταιρεία Τιμής', address: 'Οδός Πανεπιστημίου 30\nАфины 106 79' },
        { memberName: name, memberEmail: 'zhanna@example.edu' },
      ),
    );
    const text = await pdfText(bytes);
    expect(text).toContain(name);
    expect(text).toContain('Εταιρεία Τιμής');
    expect(text).toContain('Афины 106 79');
    expect(text).toContain('$95.00');
  });

  it('a character the fonts lack still prints as ? rather than failing the document', async () => {
    const bytes = await receiptPdf(
      receiptFixture(
        { name: 'Honor Society', address: '' },
        {
          id: 2,
          number: 'R-000008',
          amountCents: 0,
          paymentId: 2,
          method: 'waived',
          stripePaymentIntentId: null,
          accountId: 2,
          memberName: 'Wei 王',
          memberEmail: 'wei@example.edu',
        },
      ),
    );
    expect(await pdfText(bytes)).toContain('Wei ?');
  });
});
