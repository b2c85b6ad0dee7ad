import { createHmac } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { EmailSourceKey } from '../../db/tables/email.js';
import { compiledVersion, personalise } from './render.js';
import { trackingFor } from './tracking.js';
import type { MailProvider, ProviderConfig } from './providers/index.js';
import type { MailTransport, OutgoingMessage, TransportResult } from './transport.js';
import { unsubscribeApiUrl, unsubscribeUrl, type UnsubscribeKind } from './unsubscribe-link.js';
import { isSystemSource, systemMessage, systemSender } from './system-messages.js';
import { throttleDelay, type SendRate, type ThrottleDelays } from './send-rate.js';
import type { Claimed, Outcome } from './send-queue.js';

/** A send is tried at most this many times (see deliver.ts). */
export const MAX_ATTEMPTS = 5;

const INVITATION_SOURCES: ReadonlySet<EmailSourceKey> = new Set([
  'invitation_email',
  'invitation_email_test',
  'invitation_tickler',
  'invitation_tickler_test',
]);
export const isInvitationSource = (source: EmailSourceKey) => INVITATION_SOURCES.has(source);

/** The Message-ID of a send: the same on every attempt, unique to this installation. */
export function messageIdFor(sendId: number, key: string, fromEmail: string): string {
  const domain = fromEmail.split('@')[1] || 'localhost';
  return `<${sendId}.${createHmac('sha256', key).update(`message-id:${sendId}`).digest('hex').slice(0, 16)}@${domain}>`;
}

/**
 * One claimed send: its message prepared (template or system message, tokens, unsubscribe link and
 * headers, tracking), handed to the transport at the pass's rate, and the outcome to record.
 */
export async function deliverOne(
  db: Db,
  row: Claimed,
  transport: MailTransport,
  ctx: {
    key: string;
    base: string;
    rate: SendRate;
    delays: ThrottleDelays;
    signal?: AbortSignal | undefined;
    provider: MailProvider;
    config: ProviderConfig;
    /** What the message's end waits for (OutgoingMessage.gate). */
    gate?: Promise<unknown>;
  },
): Promise<Outcome> {
  const fail = (message: string, messageId = ''): Outcome => ({
    id: row.id,
    status: 'failed',
    message,
    messageId,
    event: { sendId: row.id, name: 'rejected', message, providerEventId: `local:${row.id}:rejected` },
  });
  const system = row.templateVersionId === null && isSystemSource(row.source);
  if (row.templateVersionId === null && !system) return fail('The template version of this email no longer exists');
  if (row.attempts > MAX_ATTEMPTS) return fail(`Gave up after ${MAX_ATTEMPTS} attempts`);
  let message: OutgoingMessage;
  try {
    const compiled =
      row.templateVersionId === null
        ? { ...(await systemMessage(row.source)), ...systemSender(ctx.config) }
        : await compiledVersion(db, row.templateVersionId);
    const values = { ...row.tokenValues };
    const headers: Record<string, string> = ctx.provider.headers(row.id, ctx.config);
    if (isInvitationSource(row.source) && row.invitationId !== null && row.inviteeId !== null) {
      const ids = { invitationId: row.invitationId, inviteeId: row.inviteeId, ...unsubscribeNames(row) };
      values.unsubscribeUrl ??= await unsubscribeUrl(db, ids, { baseUrl: ctx.base });
      // A test copy goes to staff: no one-click button that could act for the real invitee.
      if (ids.kind !== 'test') {
        headers['List-Unsubscribe'] = `<${await unsubscribeApiUrl(db, ids, { baseUrl: ctx.base })}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
    }
    // A system message's one-time link goes straight to its owner: no click redirect, no open pixel.
    const tracking = system ? undefined : trackingFor(ctx.base, ctx.key, row.id);
    const { subject, html, text } = personalise(compiled, values, tracking);
    message = {
      sendId: row.id,
      from: { name: compiled.fromName, address: compiled.fromEmail },
      to: row.emailTo,
      replyTo: compiled.replyToEmail,
      subject,
      html,
      text,
      messageId: messageIdFor(row.id, ctx.key, compiled.fromEmail),
      headers,
      gate: ctx.gate,
    };
  } catch (err) {
    return fail(`Could not prepare the message: ${err instanceof Error ? err.message : String(err)}`);
  }

  await ctx.rate.wait(ctx.signal);
  let result: TransportResult;
  try {
    result = await transport.send(message);
  } catch (err) {
    result = { accepted: false, permanent: false, response: err instanceof Error ? err.message : String(err) };
  }
  if (result.accepted) {
    ctx.rate.accepted();
    return {
      id: row.id,
      status: 'sent',
      message: null,
      messageId: message.messageId,
      providerMessageId: ctx.provider.messageIdFromReply(result.response),
      event: { sendId: row.id, name: 'sent', message: result.response, providerEventId: `local:${row.id}:sent` },
    };
  }
  if (result.permanent) return fail(result.response, message.messageId);
  if (result.throttled) {
    const wait = throttleDelay(row.throttles, ctx.delays);
    ctx.rate.throttled(Math.min(wait, ctx.delays.baseMs));
    return {
      id: row.id,
      status: 'queued',
      message: `Waiting ${Math.round(wait / 1000)} s: the provider is throttling (${result.response})`,
      messageId: message.messageId,
      event: null,
      retryAt: new Date(Date.now() + wait),
      throttled: true,
    };
  }
  if (row.attempts >= MAX_ATTEMPTS)
    return fail(`Gave up after ${MAX_ATTEMPTS} attempts: ${result.response}`, message.messageId);
  // The server said "later" for this message: no flag (a recipient's deferral arrives as a provider event).
  return {
    id: row.id,
    status: 'queued',
    message: `Temporarily refused (attempt ${row.attempts} of ${MAX_ATTEMPTS}): ${result.response}`,
    messageId: message.messageId,
    event: null,
    retryAt: new Date(Date.now() + throttleDelay(row.attempts, ctx.delays)),
    ...(result.domainDeferral ? { domainDeferral: result.response } : {}),
  };
}

/** What an invitation email's unsubscribe link names (see UnsubscribeKind): the reminder, the tickler's send, or '0' for a test. */
function unsubscribeNames(row: Pick<Claimed, 'id' | 'source' | 'sourceId'>): {
  emailId: string | number;
  kind: UnsubscribeKind;
} {
  if (row.source.endsWith('_test')) return { emailId: '0', kind: 'test' };
  if (row.source === 'invitation_email') return { emailId: row.sourceId, kind: 'reminder' };
  return { emailId: row.id, kind: 'tickler' };
}
