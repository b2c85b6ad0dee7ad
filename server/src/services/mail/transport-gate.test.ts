import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport, type OutgoingMessage } from './transport.js';
import { startTestSmtp } from '../../test/smtp.js';

/**
 * A message's `gate` (deliver.ts: the connection's previous acceptance being marked): the message goes out, but its
 * end, the server's cue to accept it, waits for the gate; a gate that fails abandons the message, never accepted.
 */
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const message = (n: number, gate?: Promise<unknown>): OutgoingMessage => ({
  sendId: n,
  from: { name: 'Honor Society', address: 'invite@society.example' },
  to: `student${n}@uni.example`,
  replyTo: 'help@society.example',
  subject: `Gate ${n}`,
  html: `<p>${'An invitation, held at its end. '.repeat(200)}</p>`,
  text: 'An invitation, held at its end.',
  messageId: `<gate-${n}@society.example>`,
  headers: {},
  gate,
});

const subjects = () => smtp.messages.map((m) => m.headers.subject);

describe('a message held by its gate', () => {
  it('reaches the server only once its gate resolves, whole', async () => {
    const transport = smtpTransport(smtp.url, 2);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const sent = transport.send(message(1, gate));
    await new Promise((r) => setTimeout(r, 300));
    expect(subjects()).not.toContain('Gate 1');
    open();
    expect(await sent).toMatchObject({ accepted: true });
    const received = smtp.messages.find((m) => m.headers.subject === 'Gate 1')!;
    expect(received.html).toBe(`<p>${'An invitation, held at its end. '.repeat(200)}</p>`);
    expect(received.headers['message-id']).toBe('<gate-1@society.example>');
    await transport.close();
  });

  it('is abandoned, never accepted, when its gate fails; the next message on the connection goes through', async () => {
    const transport = smtpTransport(smtp.url, 1);
    const markFailed = Promise.reject(new Error('the mark failed'));
    markFailed.catch(() => {}); // as deliver.ts: awaited elsewhere, never unhandled
    const failed = transport.send(message(2, markFailed));
    expect(await failed).toMatchObject({ accepted: false });
    expect(await transport.send(message(3, Promise.resolve()))).toMatchObject({ accepted: true });
    expect(subjects()).toContain('Gate 3');
    expect(subjects()).not.toContain('Gate 2');
    await transport.close();
  });
});
