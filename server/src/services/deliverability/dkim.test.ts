import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTransport, type OutgoingMessage } from '../mail/transport.js';
import { startTestSmtp } from '../../test/smtp.js';
import { verifyDkim } from '../../test/dkim.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const message: OutgoingMessage = {
  sendId: 1,
  from: { name: 'Honor Society', address: 'invite@society.example' },
  to: 'student@college.example',
  replyTo: 'help@society.example',
  subject: 'Your invitation,   Ada',
  html: '<p>Dear Ada,</p>\n<p>Welcome   to the society.</p>',
  text: 'Dear Ada,\n\nWelcome   to the society.  \n',
  messageId: '<1.abc@society.example>',
  headers: {
    'List-Unsubscribe': '<https://admin.society.example/api/unsubscribe/x>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

describe('DKIM signing over SMTP (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY)', () => {
  it('signs every message with nodemailer’s signer: the test SMTP server receives a DKIM-Signature that verifies with the public key', async () => {
    const smtp = await startTestSmtp();
    // The key as an environment variable on one line: line breaks written as \n.
    const oneLine = pem.replace(/\n/g, '\\n');
    const transport = createTransport({} as never, {
      SMTP_URL: smtp.url,
      DKIM_DOMAIN: 'society.example',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY: oneLine,
    });
    try {
      expect(await transport.send(message)).toMatchObject({ accepted: true });
      const [mail] = smtp.messages;
      expect(mail!.headers['dkim-signature']).toMatch(/d=society\.example;.*s=mail2026;/);
      expect(mail!.headers['dkim-signature']).toMatch(/h=.*List-Unsubscribe/i);
      expect(verifyDkim(mail!.raw, publicKey)).toEqual({ ok: true, domain: 'society.example', selector: 'mail2026' });
      // A changed body or subject no longer verifies.
      expect(verifyDkim(mail!.raw.replace('Welcome', 'Welcomf'), publicKey)).toMatchObject({ ok: false });
      expect(verifyDkim(mail!.raw.replace(/^Subject: .*$/m, 'Subject: Changed'), publicKey)).toEqual({
        ok: false,
        reason: 'signature does not verify',
      });
      // Another key does not verify it.
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
      expect(verifyDkim(mail!.raw, other)).toMatchObject({ ok: false });
    } finally {
      await transport.close();
      await smtp.close();
    }
  });

  it('sends unsigned when DKIM is not set up', async () => {
    const smtp = await startTestSmtp();
    const transport = createTransport({} as never, { SMTP_URL: smtp.url, DKIM_DOMAIN: 'society.example' });
    try {
      await transport.send(message);
      expect(smtp.messages[0]!.headers['dkim-signature']).toBeUndefined();
    } finally {
      await transport.close();
      await smtp.close();
    }
  });
});
