import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sesEventFixture, sesNotificationFixture, SES_EVENT_KINDS } from './ses-fixtures.js';
import { ses, sesEvent } from './ses.js';
import { isSnsUrl, pinnedSnsKeys, verifySnsMessage } from './sns.js';
import { makeSigningCertificate, startSnsSigner } from '../../../test/sns.js';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-events';
let signer: Awaited<ReturnType<typeof startSnsSigner>>;
beforeAll(async () => {
  signer = await startSnsSigner(TOPIC);
});
afterAll(() => signer?.close());

describe('SES events onto our flags', () => {
  it.each([
    ['Send', 'sent'],
    ['Delivery', 'delivered'],
    ['Bounce:Permanent', 'bounced_hard'],
    ['Bounce:Transient', 'bounced_soft'],
    ['Bounce:Undetermined', 'bounced_soft'],
    ['Complaint', 'spam'],
    ['Reject', 'rejected'],
    ['Open', 'opened'],
    ['Click', 'clicked'],
    ['DeliveryDelay', 'deferred'],
    ['Rendering Failure', 'rejected'],
    ['Subscription', 'unsub'],
  ] as const)('eventType %s -> %s', (kind, name) => {
    const e = sesEvent('sns-1', sesEventFixture(kind, { sendId: 42 }))!;
    expect(e).toMatchObject({
      id: 'sns:sns-1',
      name,
      sendId: 42,
      providerMessageId: 'EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000',
    });
  });

  it('covers every example kind, with their details', () => {
    expect(SES_EVENT_KINDS).toHaveLength(12);
    expect(sesEvent('b', sesEventFixture('Bounce:Permanent'))).toMatchObject({
      sendId: null,
      message: 'smtp; 550 5.1.1 user unknown',
      at: '2017-08-05T00:41:02.669Z',
    });
    expect(sesEvent('c', sesEventFixture('Click'))).toMatchObject({
      url: 'http://docs.aws.amazon.com/ses/latest/DeveloperGuide/send-email-smtp.html',
      ip: '192.0.2.1',
      userAgent: expect.stringContaining('Chrome/60'),
    });
    expect(sesEvent('o', sesEventFixture('Open'))).toMatchObject({ ip: '192.0.2.1', at: '2017-08-09T22:00:19.652Z' });
    expect(sesEvent('d', sesEventFixture('DeliveryDelay'))).toMatchObject({ message: 'TransientCommunicationFailure' });
    expect(sesEvent('r', sesEventFixture('Rendering Failure'))!.message).toMatch(
      /is not present in the rendering data/,
    );
    expect(sesEvent('x', '{"eventType":"Unknown"}')).toBeNull();
    expect(sesEvent('x', 'not json')).toBeNull();
  });

  it.each([
    ['Bounce:Permanent', 'bounced_hard'],
    ['Complaint', 'spam'],
    ['Delivery', 'delivered'],
  ] as const)('notificationType %s -> %s', (kind, name) => {
    expect(sesEvent('n', sesNotificationFixture(kind, { sendId: 7 }))).toMatchObject({ name, sendId: 7 });
  });

  it('keeps the SES message id from the 250 reply and tags each message with its send', () => {
    expect(ses.messageIdFromReply('250 Ok 0100018c2f5e6a7b-1234abcd-5678-90ef-aaaa-bbbbccccdddd-000000')).toBe(
      '0100018c2f5e6a7b-1234abcd-5678-90ef-aaaa-bbbbccccdddd-000000',
    );
    expect(ses.messageIdFromReply('250 2.0.0 OK queued')).toBeNull();
    expect(ses.headers(42, { PORT: 1, SES_CONFIGURATION_SET: 'society-events' })).toEqual({
      'X-SES-CONFIGURATION-SET': 'society-events',
      'X-SES-MESSAGE-TAGS': 'send_id=42',
    });
    expect(ses.headers(42, { PORT: 1 })).toEqual({ 'X-SES-MESSAGE-TAGS': 'send_id=42' });
  });
});

describe('SNS signatures', () => {
  const opts = () => ({ topics: [TOPIC], trustedPrefixes: [signer.prefix] });

  it('accepts SignatureVersion 1 and 2, notifications with and without a Subject, and subscription confirmations; fetches the certificate once', async () => {
    const before = signer.certFetches();
    expect(await verifySnsMessage(signer.message({ Message: sesEventFixture('Delivery') }, '1'), opts())).toBe(true);
    expect(
      await verifySnsMessage(
        signer.message({ Message: sesEventFixture('Delivery'), Subject: 'Amazon SES Email Event Notification' }, '2'),
        opts(),
      ),
    ).toBe(true);
    expect(
      await verifySnsMessage(
        signer.message({ Type: 'SubscriptionConfirmation', Message: 'You have chosen to subscribe' }),
        opts(),
      ),
    ).toBe(true);
    expect(
      await verifySnsMessage(
        signer.message({ Type: 'UnsubscribeConfirmation', Message: 'You have unsubscribed' }),
        opts(),
      ),
    ).toBe(true);
    expect(signer.certFetches() - before).toBeLessThanOrEqual(1);
  });

  it('refuses a tampered message, an unknown topic, an unknown version and a certificate from elsewhere', async () => {
    const m = signer.message({ Message: sesEventFixture('Complaint', { sendId: 1 }) });
    expect(await verifySnsMessage({ ...m, Message: sesEventFixture('Complaint', { sendId: 2 }) }, opts())).toBe(false);
    expect(await verifySnsMessage({ ...m, MessageId: 'other' }, opts())).toBe(false);
    expect(
      await verifySnsMessage(signer.message({ Message: 'x', TopicArn: 'arn:aws:sns:us-east-1:123456789012:other' }), {
        topics: [TOPIC, 'arn:aws:sns:us-east-1:123456789012:elsewhere'],
        trustedPrefixes: [signer.prefix],
      }),
    ).toBe(false);
    expect(await verifySnsMessage({ ...m, SignatureVersion: '3' }, opts())).toBe(false);
    // Signed with our key, but the certificate URL is not an SNS host: never fetched.
    const before = signer.certFetches();
    expect(
      await verifySnsMessage(
        signer.message({ Message: 'x', SigningCertURL: 'https://sns.us-east-1.amazonaws.com.evil.example/cert.pem' }),
        opts(),
      ),
    ).toBe(false);
    expect(
      await verifySnsMessage(
        signer.message({ Message: 'x', SigningCertURL: 'http://sns.us-east-1.amazonaws.com/cert.pem' }),
        opts(),
      ),
    ).toBe(false);
    expect(signer.certFetches()).toBe(before);
  });

  it('takes certificates only over https from sns.<region>.amazonaws.com, or a trusted prefix', () => {
    expect(isSnsUrl('https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem')).toBe(true);
    expect(isSnsUrl('https://sns.cn-north-1.amazonaws.com.cn/x.pem')).toBe(true);
    expect(isSnsUrl('http://sns.us-east-1.amazonaws.com/x.pem')).toBe(false);
    expect(isSnsUrl('https://sns.us-east-1.amazonaws.com.evil.example/x.pem')).toBe(false);
    expect(isSnsUrl('https://evil.example/sns.us-east-1.amazonaws.com/x.pem')).toBe(false);
    expect(isSnsUrl('https://user@sns.us-east-1.amazonaws.com/x.pem')).toBe(false);
    expect(isSnsUrl('https://sns.us-east-1.amazonaws.com:8443/x.pem')).toBe(false);
    expect(isSnsUrl('http://127.0.0.1:9/x.pem', ['http://127.0.0.1:9/'])).toBe(true);
  });

  it('refuses an S3 bucket named "sns" and other amazonaws.com hosts that are not sns.<region>', () => {
    // The review's host: an S3 bucket anyone can create, serving a certificate of their own.
    expect(isSnsUrl('https://sns.s3.amazonaws.com/SimpleNotificationService-abc.pem')).toBe(false);
    expect(isSnsUrl('https://sns.execute-api.amazonaws.com/x.pem')).toBe(false);
    expect(isSnsUrl('https://sns.amazonaws.com/x.pem')).toBe(false);
    expect(isSnsUrl('https://sns.us-gov-west-1.amazonaws.com/x.pem')).toBe(true);
    expect(isSnsUrl('https://sns.ap-southeast-2.amazonaws.com/x.pem')).toBe(true);
  });

  it('refuses a certificate not issued to sns.amazonaws.com, even from a trusted address', async () => {
    const other = await startSnsSigner(TOPIC, 'sns-bucket.example');
    try {
      const m = other.message({ Message: sesEventFixture('Delivery') });
      expect(await verifySnsMessage(m, { topics: [TOPIC], trustedPrefixes: [other.prefix] })).toBe(false);
      expect(other.certFetches()).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('refuses a genuine message older than an hour (a replay)', async () => {
    const old = signer.message({
      Message: sesEventFixture('Delivery'),
      Timestamp: new Date(Date.now() - 3_700_000).toISOString(),
    });
    expect(await verifySnsMessage(old, opts())).toBe(false);
    const future = signer.message({
      Message: sesEventFixture('Delivery'),
      Timestamp: new Date(Date.now() + 600_000).toISOString(),
    });
    expect(await verifySnsMessage(future, opts())).toBe(false);
    const recent = signer.message({
      Message: sesEventFixture('Delivery'),
      Timestamp: new Date(Date.now() - 600_000).toISOString(),
    });
    expect(await verifySnsMessage(recent, opts())).toBe(true);
  });
});

describe('SNS signing certificates pinned (SNS_SIGNING_CERTS)', () => {
  const SNS_CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-pinned.pem';

  it('verifies with the pinned certificate alone, fetching nothing, and refuses what another key signed', async () => {
    const pinned = pinnedSnsKeys(signer.certPem);
    const other = await startSnsSigner(TOPIC);
    try {
      const before = signer.certFetches();
      const m = signer.message({ Message: sesEventFixture('Delivery'), SigningCertURL: SNS_CERT_URL });
      expect(await verifySnsMessage(m, { topics: [TOPIC], pinned })).toBe(true);
      const forged = other.message({ Message: sesEventFixture('Delivery'), SigningCertURL: SNS_CERT_URL });
      expect(await verifySnsMessage(forged, { topics: [TOPIC], pinned })).toBe(false);
      // Pinned: a certificate URL on a trusted (test) prefix is not fetched either.
      const local = other.message({ Message: sesEventFixture('Delivery') });
      expect(await verifySnsMessage(local, { topics: [TOPIC], pinned, trustedPrefixes: [other.prefix] })).toBe(false);
      expect(other.certFetches()).toBe(0);
      expect(signer.certFetches()).toBe(before);
      // The certificate URL must still be an SNS one, and the topic listed.
      const elsewhere = signer.message({ Message: 'x', SigningCertURL: 'https://evil.example/cert.pem' });
      expect(await verifySnsMessage(elsewhere, { topics: [TOPIC], pinned })).toBe(false);
      expect(await verifySnsMessage(m, { topics: ['arn:aws:sns:us-east-1:123456789012:other'], pinned })).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('pins only certificates issued to sns.amazonaws.com, and needs at least one', () => {
    expect(pinnedSnsKeys(`${signer.certPem}\n${signer.certPem}`)).toHaveLength(2);
    expect(() => pinnedSnsKeys(makeSigningCertificate('sns-bucket.example').certPem)).toThrow(/not an SNS/);
    expect(() => pinnedSnsKeys('no certificate here')).toThrow(/no certificate/);
  });
});
