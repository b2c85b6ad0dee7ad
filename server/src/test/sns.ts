import { execFileSync } from 'node:child_process';
import { randomUUID, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeHttpServer } from './fake-http-server.js';
import { snsCanonicalString, type SnsMessage } from '../services/mail/providers/sns.js';

/** A key and self-signed certificate made for this run with openssl (never a real SNS one), issued to `name`. */
export function makeSigningCertificate(name = 'sns.amazonaws.com'): { keyPem: string; certPem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sns-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        `/CN=${name}`,
        '-days',
        '2',
      ],
      { stdio: 'ignore' },
    );
    return { keyPem: readFileSync(join(dir, 'key.pem'), 'utf8'), certPem: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * For tests: an SNS stand-in on 127.0.0.1 serving its signing certificate (`certUrl`, under the trusted
 * prefix `prefix`) and recording subscription confirmations (`confirmations`); `message` builds a
 * signed SNS message (SignatureVersion 1 or 2) exactly as SNS signs it.
 */
export async function startSnsSigner(topicArn: string, certName?: string) {
  const { keyPem, certPem } = makeSigningCertificate(certName);
  const confirmations: string[] = [];
  let certFetches = 0;
  const server = await startFakeHttpServer(
    (call) => {
      if (call.path === '/SimpleNotificationService-test.pem') {
        certFetches++;
        return { body: certPem };
      }
      if (call.path === '/confirm') {
        confirmations.push(call.query.get('Token') ?? '');
        return { body: '<ConfirmSubscriptionResponse/>' };
      }
      return { status: 404, body: {} };
    },
    () => undefined,
  );
  const prefix = `${server.url}/`;
  const certUrl = `${server.url}/SimpleNotificationService-test.pem`;

  function message(
    fields: {
      Type?: SnsMessage['Type'];
      Message: string;
      MessageId?: string;
      Subject?: string;
      TopicArn?: string;
      SigningCertURL?: string;
      Token?: string;
      Timestamp?: string;
    },
    version: '1' | '2' = '2',
  ): SnsMessage {
    const type = fields.Type ?? 'Notification';
    const m: SnsMessage = {
      Type: type,
      MessageId: fields.MessageId ?? randomUUID(),
      TopicArn: fields.TopicArn ?? topicArn,
      Message: fields.Message,
      Timestamp: fields.Timestamp ?? new Date().toISOString(),
      SignatureVersion: version,
      Signature: '',
      SigningCertURL: fields.SigningCertURL ?? certUrl,
      ...(fields.Subject !== undefined ? { Subject: fields.Subject } : {}),
      ...(type !== 'Notification'
        ? {
            Token: fields.Token ?? 'token-123',
            SubscribeURL: `${server.url}/confirm?Action=ConfirmSubscription&Token=${fields.Token ?? 'token-123'}`,
          }
        : {}),
    };
    m.Signature = sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(snsCanonicalString(m)), keyPem).toString(
      'base64',
    );
    return m;
  }

  return { prefix, certUrl, certPem, message, confirmations, certFetches: () => certFetches, close: server.close };
}
