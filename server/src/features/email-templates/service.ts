import type { FastifyInstance } from 'fastify';
import {
  recipientKind,
  type EmailPreview,
  type EmailPreviewInput,
  type SendTestEmailInput,
  type TemplateType,
} from '@app/contract';
import type { z } from 'zod';
import { notFound } from '../../errors.js';
import type { EmailSourceKey, EmailType } from '../../db/tables/email.js';
import { compileTemplate, personalise } from '../../services/mail/render.js';
import { queueTestSend } from '../../test/mail-send.js';
import { currentVersionId } from '../../services/mail/template-version.js';
import { sampleTokenValues, templateTokenErrors } from '../../services/tokens/index.js';
import * as repo from './repo.js';

/** The "test" source of each template type (spec 03 emails-sent source options). */
export const TEST_SOURCE: Record<TemplateType, EmailSourceKey> = {
  Invitation: 'invitation_email_test',
  InvitationTickler: 'invitation_tickler_test',
  WelcomeEmail: 'welcome_email_test',
  WelcomeEmailNoPayment: 'welcome_no_payment_test',
};

const emailTypeOf = (type: TemplateType): EmailType =>
  recipientKind(type) === 'invitee' ? 'Invitation' : 'Transactional';

/** An unsaved template rendered as a recipient would get it, with every token's sample value. */
export async function previewTemplate(input: z.output<typeof EmailPreviewInput>): Promise<EmailPreview> {
  const { compiled, errors } = await compileTemplate(input);
  const message = personalise(compiled, sampleTokenValues());
  return { ...message, errors, tokenErrors: templateTokenErrors(input) };
}

/**
 * Sends the saved template (its current version) to `toEmail` with the tokens of the chosen recipient:
 * an invitee for invitation templates, a member's account for welcome templates. Logged under the
 * type's test source; each test is a new send (its own recipient key), so repeating one sends again.
 */
export async function sendTestEmail(
  app: FastifyInstance,
  templateId: number,
  input: z.output<typeof SendTestEmailInput>,
): Promise<number | null> {
  const { db } = app;
  const template = await repo.getEmailTemplate(db, templateId);
  const versionId = template && (await currentVersionId(db, templateId));
  if (!template || !versionId) throw notFound('Email template');
  const kind = recipientKind(template.templateType);
  const invitee = kind === 'invitee' ? await repo.findInvitee(db, input.recipientId) : undefined;
  if (kind === 'invitee' && !invitee) throw notFound('Invitee');
  if (kind === 'member' && !(await repo.accountExists(db, input.recipientId))) throw notFound('Member');

  const ref = invitee
    ? { inviteeId: invitee.id, invitationId: invitee.invitationId }
    : { accountId: input.recipientId };
  return queueTestSend(db, app.jobs, {
    source: TEST_SOURCE[template.templateType],
    sourceId: String(templateId),
    templateVersionId: versionId,
    toEmail: input.toEmail,
    emailType: emailTypeOf(template.templateType),
    ref,
    audited: { entity: 'email_templates', entityId: templateId },
  });
}
