import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../test/pdf-read.js';
import { receiptPdf } from '../receipts/receipt-pdf.js';
import { certificatePdf } from './certificate-pdf.js';

// Issue 38: names in other scripts than Latin print as written (the shipped DejaVu fonts, embedded as subsets),
// and read back as text by an independent reader.

const name = 'Жанна Петрова Ελένη Παπαδοπούλου';

describe('PDF fonts', () => {
  it('a certificate prints a Cyrillic and Greek name that PDF.js reads back', async () => {
    const bytes = await certificatePdf({
      certificate: {
        id: '6f1c3a52-3f7e-4d0b-9a38-0c8f9d1e2b47',
        number: 'MC-000042',
        accountId: 1,
        state: 'valid',
        issuedAt: new Date('2026-03-14T12:00:00Z'),
        revokedAt: null,
        name,
        chapter: 'Альфа Chapter',
        institution: 'Πανεπιστήμιο Αθηνών',
        memberSince: new Date('2026-03-14T12:00:00Z'),
        directoryOptOut: false,
        chapterId: null,
      },
      society: { name: 'Honor Society' },
      verifyUrl: 'https://members.example.org/verify/6f1c3a52-3f7e-4d0b-9a38-0c8f9d1e2b47',
      size: 'a4',
      signers: [{ role: 'Chapter Advisor', name: 'Dr. Ярослав Ковальчук', signature: null }],
    });
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
    const bytes = await receiptPdf({
      id: 1,
      kind: 'receipt',
      number: 'R-000007',
      issuedAt: new Date('2026-03-14T12:00:00Z'),
      amountCents: 9500,
      currency: 'usd',
      paymentId: 1,
      method: 'stripe',
      reference: null,
      stripePaymentIntentId: 'pi_test_1',
      accountId: 1,
      memberName: name,
      memberEmail: 'zhanna@example.edu',
      refundOf: null,
      society: { name: 'Εταιρεία Τιμής', address: 'Οδός Πανεπιστημίου 30\nАфины 106 79' },
    });
    const text = await pdfText(bytes);
    expect(text).toContain(name);
    expect(text).toContain('Εταιρεία Τιμής');
    expect(text).toContain('Афины 106 79');
    expect(text).toContain('$95.00');
  });

  it('a character the fonts lack still prints as ? rather than failing the document', async () => {
    const bytes = await receiptPdf({
      id: 2,
      kind: 'receipt',
      number: 'R-000008',
      issuedAt: new Date('2026-03-14T12:00:00Z'),
      amountCents: 0,
      currency: 'usd',
      paymentId: 2,
      method: 'waived',
      reference: null,
      stripePaymentIntentId: null,
      accountId: 2,
      memberName: 'Wei 王',
      memberEmail: 'wei@example.edu',
      refundOf: null,
      society: { name: 'Honor Society', address: '' },
    });
    expect(await pdfText(bytes)).toContain('Wei ?');
  });
});
