import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.js';

/** One personalised message, ready to leave. `messageId` is derived from the send id (see deliver-emails). */
export type OutgoingMessage = {
  /** Null for a security notice, which has no send (services/mail/security-notice.ts). */
  sendId: number | null;
  from: { name: string; address: string };
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Record<string, string>;
  /**
   * The message's end is held until this settles (rejected: the message is abandoned, never accepted): the
   * connection's previous message marked accepted (deliver.ts), so the mark's write runs beside this message's
   * envelope instead of before it, and a crash still finds at most one unrecorded acceptance per connection.
   */
  gate?: Promise<unknown>;
};

/**
 * What became of one message: `accepted` (the server took it), or refused `permanent`ly (a 5xx:
 * never retried), or for now: `throttled` (the provider's own limit: 421, 454, a refused connection,
 * a timeout; the send waits and keeps its attempts) or another temporary refusal (a 4xx: retried later,
 * up to MAX_ATTEMPTS).
 */
export type TransportResult =
  | { accepted: true; response: string }
  | { accepted: false; permanent: boolean; throttled?: boolean; domainDeferral?: boolean; response: string };

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: OutgoingMessage): Promise<TransportResult>;
  close(): Promise<void>;
}

const formatFrom = (from: OutgoingMessage['from']) => `"${from.name.replace(/["\\]/g, '\\$&')}" <${from.address}>`;

/**
 * The headers a message carries, as they are written to the outbox (and, by nodemailer, to SMTP).
 */
export function messageHeaders(m: OutgoingMessage): Record<string, string> {
  return {
    From: formatFrom(m.from),
    To: m.to,
    'Reply-To': m.replyTo,
    Subject: m.subject,
    'Message-ID': m.messageId,
    ...m.headers,
  };
}

/**
 * No SMTP server configured: messages land in `email_outbox`, which staff read in the UI. Keyed by the
 * send id (unique), so writing the same send twice (a retry after a crash) keeps one message.
 */
export function outboxTransport(db: Db): MailTransport {
  return {
    kind: 'outbox',
    async send(m) {
      await m.gate;
      const res = await db
        .insertInto('emailOutbox')
        .values({
          sendId: m.sendId,
          fromAddress: formatFrom(m.from),
          toAddress: m.to,
          subject: m.subject,
          html: m.html,
          text: m.text,
          headers: JSON.stringify(messageHeaders(m)),
        })
        .onConflict((oc) => oc.column('sendId').doNothing())
        .returning('id')
        .executeTakeFirst();
      return { accepted: true, response: res ? `outbox ${res.id}` : 'outbox (already there)' };
    },
    async close() {},
  };
}

/** SMTP reply codes nodemailer reports on an error (`responseCode`), or none for a network failure. */
type SmtpError = Error & { responseCode?: number; response?: string; code?: string; command?: string };

/** Answers that say the provider is limiting us, not that the message or recipient is wrong. */
const THROTTLE_CODES = new Set([421, 454]);
// nodemailer's codes for a connection that failed, was refused, timed out or dropped.
const NETWORK_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETLS',
]);

/**
 * Sorts an SMTP failure: permanent (5xx, a message nodemailer cannot send), throttled (see THROTTLE_CODES,
 * the network) or temporary. A 4xx to RCPT other than SES's 454 is the recipient's server deferring
 * (`domainDeferral`, passed through by a relay): it slows that domain only, never the whole pass.
 */
export function classifySmtpError(e: SmtpError): Extract<TransportResult, { accepted: false }> {
  const code = e.responseCode;
  const response = e.response ?? e.message;
  if (code !== undefined && code >= 400 && code < 500 && code !== 454 && e.command === 'RCPT TO')
    return { accepted: false, permanent: false, throttled: false, domainDeferral: true, response };
  if (code !== undefined)
    return { accepted: false, permanent: code >= 500, throttled: THROTTLE_CODES.has(code), response };
  const network = NETWORK_CODES.has(e.code ?? '') || /ECONNREFUSED|ETIMEDOUT|ECONNRESET|timed? ?out/i.test(e.message);
  return {
    accepted: false,
    permanent: !network && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE'),
    throttled: network,
    response,
  };
}

/** DKIM signing of what leaves over SMTP (all three set, or none): nodemailer's signer, relaxed/relaxed rsa-sha256. */
export type DkimConfig = {
  DKIM_DOMAIN?: string | undefined;
  DKIM_SELECTOR?: string | undefined;
  /** PEM; `\n` written as two characters (an environment variable on one line) is read as a line break. */
  DKIM_PRIVATE_KEY?: string | undefined;
};

/** nodemailer's `dkim` option from the settings, or undefined when DKIM is not set up. */
export function dkimOptions(c: DkimConfig) {
  if (!c.DKIM_DOMAIN || !c.DKIM_SELECTOR || !c.DKIM_PRIVATE_KEY) return undefined;
  return {
    domainName: c.DKIM_DOMAIN,
    keySelector: c.DKIM_SELECTOR,
    privateKey: c.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
  };
}

/**
 * nodemailer over SMTP, pooled (`maxConnections` open connections, each reused for any number of messages),
 * every message DKIM-signed when `dkim` is given (see dkimOptions).
 * @example const t = smtpTransport('smtp://user:pass@mail.example.org:587', 10)
 */
export function smtpTransport(url: string, maxConnections = 5, dkim?: ReturnType<typeof dkimOptions>): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections,
    maxMessages: Infinity,
    ...(dkim && { dkim }),
  } as never);
  transporter.use('stream', (mail, done) => {
    const { gate } = mail.data as { gate?: Promise<unknown> };
    if (gate) holdEnd(mail.message as unknown as MessageRoot, gate);
    done();
  });
  return {
    kind: 'smtp',
    async send(m) {
      try {
        const info = await transporter.sendMail({
          from: { name: m.from.name, address: m.from.address },
          to: m.to,
          replyTo: m.replyTo,
          subject: m.subject,
          html: m.html,
          text: m.text,
          messageId: m.messageId,
          headers: m.headers,
          gate: m.gate,
        } as Parameters<typeof transporter.sendMail>[0]);
        return { accepted: true, response: String(info.response ?? 'accepted') };
      } catch (err) {
        return classifySmtpError(err as SmtpError);
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/** nodemailer's message tree: `stream` writes a node's whole content, then calls `done` (its root ends the message). */
type MessageRoot = { stream: (out: unknown, options: unknown, done: (err?: unknown) => void) => void };

/**
 * Ends the message (the SMTP server's cue to accept it) only once `gate` has settled, failing it if `gate` rejects:
 * its root node's content is written as it comes, and its completion (after which nodemailer ends the message's
 * stream) waits. No stage is added to the stream (a Transform's cost on every chunk was 6-8% of the pipeline).
 */
function holdEnd(root: MessageRoot, gate: Promise<unknown>) {
  const write = root.stream.bind(root);
  root.stream = (out, options, done) =>
    write(out, options, (err) => (err ? done(err) : void gate.then(() => done(), done)));
}

/** The configured transport: SMTP when `SMTP_URL` is set (DKIM-signed with DKIM_*), else the outbox. */
export function createTransport(
  db: Db,
  config: { SMTP_URL?: string | undefined } & DkimConfig,
  maxConnections?: number,
): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL, maxConnections, dkimOptions(config)) : outboxTransport(db);
}
