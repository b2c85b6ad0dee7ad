import { PDFDocument, PageSizes, rgb, type PDFImage } from 'pdf-lib';
import QRCode from 'qrcode';
import { line, MUTED, printedDate } from '../receipts/pdf-text.js';
import { embedFonts } from '../receipts/pdf-fonts.js';
import type { CertificateFacts } from './certificates.js';

/** The paper sizes a certificate prints on, landscape. */
export const CERTIFICATE_SIZES = { a4: PageSizes.A4, letter: PageSizes.Letter } as const;
export type CertificateSize = keyof typeof CERTIFICATE_SIZES;

/** A signature image's bytes and type (PNG or JPEG), or null when the chapter has none. */
export type SignatureImage = { bytes: Uint8Array; contentType: string } | null;

export type CertificateInput = {
  certificate: CertificateFacts;
  /** The logo (settings, issue 38 §7) prints in the top left corner when set. */
  society: { name: string; logo?: SignatureImage };
  verifyUrl: string;
  size: CertificateSize;
  /** Spec 01's invitation leaders of the chapter: the advisor and the president. */
  signers: { role: string; name: string | null; signature: SignatureImage }[];
};

const GOLD = rgb(0.6, 0.46, 0.16);

export async function embedImage(pdf: PDFDocument, image: SignatureImage): Promise<PDFImage | undefined> {
  if (!image) return undefined;
  try {
    return /png/i.test(image.contentType) ? await pdf.embedPng(image.bytes) : await pdf.embedJpg(image.bytes);
  } catch {
    return undefined; // An unreadable image leaves the line blank; the name still prints.
  }
}

/**
 * The membership certificate (landscape A4 or US Letter): the society, the member's certificate name, chapter,
 * institution and membership date, the chapter's advisor and president (signature image over the line, name
 * under it), the certificate number and a QR code of the verification link.
 */
export async function certificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const { certificate: c } = input;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Membership certificate ${c.number}`);
  pdf.setAuthor(input.society.name);
  pdf.setCreationDate(c.issuedAt);
  const [w, h] = CERTIFICATE_SIZES[input.size];
  const page = pdf.addPage([h, w]);
  const { width, height } = page.getSize();
  const [serif, serifBold, serifItalic, sans] = await embedFonts(pdf, 'serif', 'serifBold', 'serifItalic', 'sans');
  const mid = width / 2;

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: GOLD, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: width - 64, height: height - 64, borderColor: GOLD, borderWidth: 0.75 });

  const logo = await embedImage(pdf, input.society.logo ?? null);
  if (logo) {
    const fit = logo.scaleToFit(96, 56);
    page.drawImage(logo, { x: 48, y: height - 48 - fit.height, width: fit.width, height: fit.height });
  }
  line(page, input.society.name.toUpperCase(), mid, height - 96, {
    font: serifBold,
    size: 20,
    align: 'center',
    color: GOLD,
  });
  line(page, 'Certificate of Membership', mid, height - 140, { font: serifBold, size: 34, align: 'center' });
  line(page, 'This certifies that', mid, height - 182, { font: serifItalic, size: 15, align: 'center', color: MUTED });
  line(page, c.name, mid, height - 228, { font: serifBold, size: 32, align: 'center' });
  const where = [c.chapter, c.institution].filter(Boolean).join(', ');
  line(page, where ? `is a member of ${where}` : 'is a member', mid, height - 266, {
    font: serif,
    size: 16,
    align: 'center',
  });
  if (c.memberSince)
    line(page, `since ${printedDate(c.memberSince)}`, mid, height - 290, { font: serif, size: 16, align: 'center' });

  const signers = input.signers.filter((s) => s.name || s.signature);
  const slot = 200;
  const baseY = 150;
  const firstX = mid - ((signers.length - 1) * (slot + 40)) / 2;
  for (const [i, signer] of signers.entries()) {
    const x = firstX + i * (slot + 40);
    const image = await embedImage(pdf, signer.signature);
    if (image) {
      const scaled = image.scaleToFit(slot - 20, 48);
      page.drawImage(image, { x: x - scaled.width / 2, y: baseY + 4, width: scaled.width, height: scaled.height });
    }
    page.drawLine({
      start: { x: x - slot / 2, y: baseY },
      end: { x: x + slot / 2, y: baseY },
      thickness: 0.75,
      color: MUTED,
    });
    line(page, signer.name ?? '', x, baseY - 16, { font: serif, size: 12, align: 'center' });
    line(page, signer.role, x, baseY - 30, { font: serifItalic, size: 10, align: 'center', color: MUTED });
  }

  const qr = await pdf.embedPng(await QRCode.toBuffer(input.verifyUrl, { type: 'png', margin: 1, scale: 4 }));
  const qrSize = 76;
  page.drawImage(qr, { x: width - 48 - qrSize, y: 48, width: qrSize, height: qrSize });
  line(page, `Certificate No. ${c.number}`, 56, 66, { font: sans, size: 9, color: MUTED });
  line(page, `Verify at ${input.verifyUrl}`, 56, 54, { font: sans, size: 7, color: MUTED });
  return pdf.save();
}
