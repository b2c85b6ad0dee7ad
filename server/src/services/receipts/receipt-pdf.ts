import { PDFDocument, PageSizes, rgb } from 'pdf-lib';
import type { PaymentMethod } from '../../db/tables/payments.js';
import { line, money, MUTED, printedDate } from './pdf-text.js';
import { embedFonts } from './pdf-fonts.js';
import type { ReceiptDocument } from './receipts.js';
import { embedImage, type SignatureImage } from '../certificates/certificate-pdf.js';

const METHODS: Record<PaymentMethod, string> = {
  stripe: 'Card (Stripe)',
  card: 'Card',
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
  waived: 'Fee waived',
};

/** The file name a receipt downloads as: receipt-R-000001.pdf, credit-note-C-000001.pdf. */
export const receiptFileName = (r: Pick<ReceiptDocument, 'kind' | 'number'>) =>
  `${r.kind === 'receipt' ? 'receipt' : 'credit-note'}-${r.number}.pdf`;

/**
 * The PDF of a receipt or credit note (US Letter, portrait): the society's logo, name and address, the title and
 * number, then one labelled row per field: date, member, amount, method, the Stripe payment id, the reference.
 */
export async function receiptPdf(
  r: ReceiptDocument & { society: ReceiptDocument['society'] & { logo?: SignatureImage } },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = r.kind === 'receipt' ? 'Receipt' : 'Credit note';
  pdf.setTitle(`${title} ${r.number}`);
  pdf.setAuthor(r.society.name);
  pdf.setCreationDate(r.issuedAt);
  const page = pdf.addPage(PageSizes.Letter);
  const [regular, bold] = await embedFonts(pdf, 'sans', 'sansBold');
  const { width, height } = page.getSize();
  const left = 64;
  // The society's logo (settings, issue 38 §7) above its name, when set.
  const logo = await embedImage(pdf, r.society.logo ?? null);
  const fit = logo?.scaleToFit(160, 44);
  if (logo && fit) page.drawImage(logo, { x: left, y: height - 48 - fit.height, width: fit.width, height: fit.height });
  let y = fit ? height - 70 - fit.height : height - 80;

  line(page, r.society.name, left, y, { font: bold, size: 18 });
  for (const part of r.society.address.split('\n').filter((l) => l.trim())) {
    y -= 16;
    line(page, part, left, y, { font: regular, size: 10, color: MUTED });
  }
  line(page, title, width - left, height - 80, { font: bold, size: 22, align: 'right' });
  line(page, r.number, width - left, height - 100, { font: regular, size: 12, color: MUTED, align: 'right' });

  y -= 36;
  page.drawLine({ start: { x: left, y }, end: { x: width - left, y }, thickness: 1, color: rgb(0.85, 0.86, 0.88) });
  y -= 34;
  const rows: [string, string | null][] = [
    [r.kind === 'receipt' ? 'Receipt number' : 'Credit note number', r.number],
    ['Refund of receipt', r.refundOf],
    ['Date', printedDate(r.issuedAt)],
    ['Member', r.memberName],
    ['Email', r.memberEmail],
    [r.kind === 'receipt' ? 'Amount paid' : 'Amount refunded', money(r.amountCents, r.currency)],
    ['Currency', r.currency.toUpperCase()],
    ['Method', METHODS[r.method]],
    ['Stripe payment id', r.stripePaymentIntentId],
    ['Reference', r.reference],
  ];
  for (const [label, value] of rows) {
    if (value === null) continue;
    line(page, label, left, y, { font: regular, size: 11, color: MUTED });
    line(page, value, left + 170, y, { font: label.startsWith('Amount') ? bold : regular, size: 11 });
    y -= 24;
  }
  y -= 12;
  const note =
    r.kind === 'receipt'
      ? `Membership fee received by ${r.society.name}. Thank you.`
      : `This credit note records a refund of the membership fee by ${r.society.name}.`;
  line(page, note, left, y, { font: regular, size: 10, color: MUTED });
  return pdf.save();
}
