import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it: headers (lower-cased names, unfolded), and its decoded parts. */
export type ReceivedMail = { to: string[]; raw: string; headers: Record<string, string>; text: string; html: string };

function decode(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** Reads a nodemailer message (multipart/alternative or a single part) into headers, text and html. */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const mail: ReceivedMail = { to, raw, headers, text: '', html: '' };
  const walk = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = splitHeaders(part.replace(/^\r?\n/, ''));
        walk(p.headers, p.body);
      }
    } else if (/^text\/html/i.test(type)) mail.html = decode(b, h['content-transfer-encoding']).trimEnd();
    else if (/^text\/plain/i.test(type)) mail.text = decode(b, h['content-transfer-encoding']).trimEnd();
  };
  walk(headers, body);
  return mail;
}

/** How the stand-in answers a message's data: accept (optionally with its own 250 text, e.g. SES's `Ok <id>`) or refuse with a code. */
export type DataReply = { accept: string } | { code: number; message: string } | null;

/**
 * An SMTP server on 127.0.0.1 (a random port) for tests and the bench: accepts every message (or refuses
 * recipients per `refuse`, or answers each message's data per `reply`), keeps the accepted ones
 * (`keep: false` counts only), and calls `onMessage`.
 */
export async function startTestSmtp(
  opts: {
    keep?: boolean;
    refuse?: (rcpt: string) => { code: number; message: string } | null;
    reply?: (rcpt: string[]) => DataReply;
    onMessage?: (count: number) => void;
    /** Milliseconds before answering a recipient's RCPT, or a message's data (a relay waiting for the recipient's server). */
    answerMs?: (rcpt: string, stage: 'rcpt' | 'data') => number;
  } = {},
) {
  const messages: ReceivedMail[] = [];
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 50 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const answer = () => {
        const refusal = opts.refuse?.(address.address);
        if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        callback();
      };
      const ms = opts.answerMs?.(address.address, 'rcpt') ?? 0;
      if (ms > 0) setTimeout(answer, ms);
      else answer();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => {
        if (opts.keep !== false) chunks.push(c);
      });
      stream.on('end', () => {
        const rcpt = session.envelope.rcptTo.map((r) => r.address);
        const answer = opts.reply?.(rcpt) ?? null;
        if (answer && 'code' in answer)
          return callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
        count++;
        if (opts.keep !== false) messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), rcpt));
        opts.onMessage?.(count);
        const ms = opts.answerMs?.(rcpt[0] ?? '', 'data') ?? 0;
        if (ms > 0) setTimeout(() => callback(null, answer?.accept), ms);
        else callback(null, answer?.accept);
      });
    },
  });
  // A client killed mid-session (the crash tests do it on purpose) resets its socket: smtp-server reports
  // that as an 'error' event, which would otherwise be thrown as unhandled.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    count: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
