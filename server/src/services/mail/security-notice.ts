import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { createTransport } from './transport.js';

/** The settings a notice reads (config.ts), loosely, as mail's config is read. */
type NoticeConfig = { SMTP_URL?: string; EMAIL_FROM_NAME?: string; EMAIL_FROM?: string; EMAIL_DOMAIN?: string };

/**
 * A security notice to an account's own address (e.g. its second factor locked): plain text, sent at once
 * through the configured transport (SMTP_URL, else the outbox), not through the send log: it names no
 * template, carries no tracking and must not wait behind a campaign. A failure is logged, never thrown:
 * what it reports has happened anyway.
 */
export async function sendSecurityNotice(
  db: Db,
  config: object,
  log: Pick<FastifyBaseLogger, 'error'>,
  notice: { to: string; subject: string; text: string },
): Promise<boolean> {
  const c = config as NoticeConfig;
  const domain = c.EMAIL_DOMAIN ?? 'example.org';
  const from = c.EMAIL_FROM ?? `invitations@${domain}`;
  const transport = createTransport(db, c, 1);
  try {
    const result = await transport.send({
      sendId: null,
      from: { name: c.EMAIL_FROM_NAME ?? 'Honor Society', address: from },
      to: notice.to,
      replyTo: from,
      subject: notice.subject,
      text: notice.text,
      html: `<p>${notice.text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`).replace(/\n\n/g, '</p><p>')}</p>`,
      messageId: `<notice.${randomUUID()}@${domain}>`,
      headers: {},
    });
    if (!result.accepted) log.error({ to: notice.to, response: result.response }, 'security notice refused');
    return result.accepted;
  } catch (err) {
    log.error({ err, to: notice.to }, 'security notice failed');
    return false;
  } finally {
    await transport.close();
  }
}
