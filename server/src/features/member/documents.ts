import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** The part of a reply that PDF answers set (ts-rest hands handlers its own FastifyReply type). */
type Reply = { header(name: string, value: string): unknown };
import type { MemberCertificate, Receipt } from '@app/contract';
import type { Db } from '../../db/database.js';
import { baseOf } from '../../services/signed-link.js';
import {
  certificatePdf,
  type CertificateSize,
  type SignatureImage,
} from '../../services/certificates/certificate-pdf.js';
import type { CertificateFacts } from '../../services/certificates/certificates.js';
import { receiptFileName, receiptPdf } from '../../services/receipts/receipt-pdf.js';
import type { ReceiptDocument } from '../../services/receipts/receipts.js';
import { societyLogoId, societySettings } from '../../services/receipts/society.js';

/** A receipt as the member and staff lists show it, with where its PDF downloads from. */
export const receiptView = (r: ReceiptDocument, pdfUrl: string): Receipt => ({
  id: r.id,
  kind: r.kind,
  number: r.number,
  issuedAt: r.issuedAt.toISOString(),
  amountCents: r.amountCents,
  currency: r.currency,
  method: r.method,
  refundOf: r.refundOf,
  pdfUrl,
});

export const memberReceiptUrl = (r: ReceiptDocument) => `/api/member/receipts/${r.id}.pdf`;

/** The public page a certificate's QR code points at: PUBLIC_URL/verify/{id}. */
export const verifyUrl = (app: FastifyInstance, id: string) =>
  `${baseOf({ baseUrl: app.config.PUBLIC_URL })}/verify/${id}`;

export const certificateView = (app: FastifyInstance, c: { id: string; number: string }): MemberCertificate => ({
  id: c.id,
  number: c.number,
  verifyUrl: verifyUrl(app, c.id),
});

/** Sets the headers of a PDF answer: its type, a download under `fileName`, and no caching of personal data. */
export function pdfHeaders(reply: Reply, fileName: string): void {
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  reply.header('cache-control', 'private, no-store');
}

/** The receipt's PDF, with the society's logo from the settings when one is set (issue 38 §7). */
export async function sendReceiptPdf(app: FastifyInstance, reply: Reply, receipt: ReceiptDocument) {
  const logo = await storedImage(app, app.db, await societyLogoId(app.db));
  pdfHeaders(reply, receiptFileName(receipt));
  return {
    status: 200 as const,
    body: Buffer.from(await receiptPdf({ ...receipt, society: { ...receipt.society, logo } })),
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stored image (a chapter leader's signature, the society's logo) by its file id; null when unset or gone. */
async function storedImage(app: FastifyInstance, db: Db, fileId: number | null): Promise<SignatureImage> {
  if (!fileId) return null;
  const file = await db
    .selectFrom('files')
    .select(['storageKey', 'contentType'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  const stream = file && (await app.storage.get(file.storageKey));
  return stream ? { bytes: await readAll(stream), contentType: file.contentType } : null;
}

/** The certificate's PDF with its chapter's advisor and president (spec 01's invitation leaders). */
export async function renderCertificate(app: FastifyInstance, c: CertificateFacts, size: CertificateSize) {
  const db = app.db;
  const chapter = c.chapterId
    ? await db
        .selectFrom('chapters')
        .select([
          'invitationAdvisor1Name',
          'invitationAdvisor1SignatureId',
          'invitationPresidentName',
          'invitationPresidentSignatureId',
        ])
        .where('id', '=', c.chapterId)
        .executeTakeFirst()
    : undefined;
  const [society, logo, advisor, president] = await Promise.all([
    societySettings(db),
    societyLogoId(db).then((id) => storedImage(app, db, id)),
    storedImage(app, db, chapter?.invitationAdvisor1SignatureId ?? null),
    storedImage(app, db, chapter?.invitationPresidentSignatureId ?? null),
  ]);
  return certificatePdf({
    certificate: c,
    society: { ...society, logo },
    verifyUrl: verifyUrl(app, c.id),
    size,
    signers: [
      { role: 'Chapter Advisor', name: chapter?.invitationAdvisor1Name ?? null, signature: advisor },
      { role: 'Chapter President', name: chapter?.invitationPresidentName ?? null, signature: president },
    ],
  });
}
