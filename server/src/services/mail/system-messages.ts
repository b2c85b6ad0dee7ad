import type { EmailSourceKey } from '../../db/tables/email.js';
import { compileTemplate, type CompiledTemplate, type TemplateSource } from './render.js';

/**
 * Messages whose wording is the product's own rather than a staff-edited template (a set-password link must
 * not depend on a template someone may disable or rewrite). They go through the same send log and delivery
 * as every other email; their send has no template version, its source names the message. Their links are
 * never wrapped for click tracking and they carry no open pixel: a one-time link must reach only its owner.
 */
export type SystemSource = Extract<EmailSourceKey, 'set_password' | 'email_change' | 'guard_notice' | 'badge_reissued'>;

const MESSAGES: Record<SystemSource, TemplateSource> = {
  set_password: {
    bodyFormat: 'html',
    subject: 'Set your password',
    preview: 'A link to set the password of your account',
    body: `<!doctype html>
<html><body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1b1e;">
<p>Hello {{firstName}},</p>
<p>Use this link to set the password of your account ({{email}}):</p>
<p><a href="{{setPasswordUrl}}" style="display: inline-block; padding: 10px 18px; background: #228be6; color: #ffffff; border-radius: 4px; text-decoration: none;">Set my password</a></p>
<p>Or paste this address into your browser: {{setPasswordUrl}}</p>
<p>The link works once and expires in 7 days. If you did not expect this email, you can ignore it: nothing changes until the link is used.</p>
</body></html>`,
  },
  email_change: {
    bodyFormat: 'html',
    subject: 'Confirm your new email address',
    preview: 'One click to use this address for your membership',
    body: `<!doctype html>
<html><body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1b1e;">
<p>Hello {{firstName}},</p>
<p>You asked to use this address ({{email}}) for your membership. Confirm it with this link:</p>
<p><a href="{{confirmUrl}}" style="display: inline-block; padding: 10px 18px; background: #228be6; color: #ffffff; border-radius: 4px; text-decoration: none;">Confirm my new address</a></p>
<p>Or paste this address into your browser: {{confirmUrl}}</p>
<p>The link works once and expires in 7 days. If you did not ask for this, ignore this email: your address stays as it was.</p>
</body></html>`,
  },
  guard_notice: {
    bodyFormat: 'html',
    subject: 'Reminders paused: {{campaign}}',
    preview: 'Too many bounces or complaints: no new reminder starts until someone resumes',
    body: `<!doctype html>
<html><body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1b1e;">
<p>Hello {{firstName}},</p>
<p>New reminders of <strong>{{campaign}}</strong>, which you sent, are paused:</p>
<p>{{reason}}.</p>
<p>Mailbox providers block senders whose bounces or complaints stay this high. Check the list for bad addresses, then resume
the reminders on the deliverability page: {{pageUrl}}</p>
</body></html>`,
  },
  badge_reissued: {
    bodyFormat: 'html',
    subject: 'Your badge was reissued',
    preview: 'The same achievement with a new signature: your new badge is in your member home',
    body: `<!doctype html>
<html><body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1b1e;">
<p>Hello {{firstName}},</p>
<p>{{society}} signs its badges with a secret digital key, so that anyone can check a badge really comes from us.
That key may have been exposed, so we stopped using it, cancelled the badges it signed, and issued them to you again,
signed with a new key.</p>
<p>Reissued: <strong>{{badges}}</strong>. Only the signature changed: the same program, the same completion date. You
do not need to do anything else.</p>
<p><a href="{{memberUrl}}" style="display: inline-block; padding: 10px 18px; background: #228be6; color: #ffffff; border-radius: 4px; text-decoration: none;">See my new badge</a></p>
<p>Or paste this address into your browser: {{memberUrl}}</p>
<p>If you shared the old badge (on LinkedIn, say), share the new one from your member home instead: the old one now
shows as revoked.</p>
</body></html>`,
  },
};

export const isSystemSource = (source: EmailSourceKey): source is SystemSource => source in MESSAGES;

const compiled = new Map<SystemSource, Promise<CompiledTemplate>>();

/** The system message of `source`, compiled once per process; a source without one is a programming error. */
export function systemMessage(source: EmailSourceKey): Promise<CompiledTemplate> {
  if (!isSystemSource(source)) return Promise.reject(new Error(`No system message for the source ${source}`));
  let pending = compiled.get(source);
  if (!pending) {
    pending = compileTemplate(MESSAGES[source]).then((r) => r.compiled);
    compiled.set(source, pending);
  }
  return pending;
}

/** The sender settings system messages read (config.ts), read loosely as mail's config is. */
type SenderConfig = { EMAIL_FROM_NAME?: string; EMAIL_FROM?: string; EMAIL_REPLY_TO?: string; EMAIL_DOMAIN?: string };

/** Who system messages come from: the defaults of a new template (EMAIL_FROM_NAME, EMAIL_FROM, EMAIL_REPLY_TO). */
export function systemSender(config: object): { fromName: string; fromEmail: string; replyToEmail: string } {
  const c = config as SenderConfig;
  const domain = c.EMAIL_DOMAIN ?? 'example.org';
  return {
    fromName: c.EMAIL_FROM_NAME ?? 'Honor Society',
    fromEmail: c.EMAIL_FROM ?? `invitations@${domain}`,
    replyToEmail: c.EMAIL_REPLY_TO ?? `info@${domain}`,
  };
}
