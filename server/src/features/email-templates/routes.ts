import { contract, emailTemplateRules, type EmailTemplateInput, type ErrorBody } from '@app/contract';
import type { z } from 'zod';
import { s } from '../../ts-rest.js';
import { notFound } from '../../errors.js';
import { tokenInfos } from '../../services/tokens/index.js';
import * as repo from './repo.js';
import { previewTemplate, sendTestEmail } from './service.js';

type Input = z.output<typeof import('@app/contract').EmailTemplateInput>;

/**
 * The save rule beyond the body's shape (which the contract checked): From Email and Reply To on
 * EMAIL_DOMAIN, every token known and available to the template's type. On failure a 400 like a
 * contract failure: the first rule's text and every issue by field.
 */
function checked(
  body: Input,
  emailDomain: string,
): { ok: true; value: Input } | { ok: false; error: { status: 400; body: ErrorBody } } {
  const parsed = emailTemplateRules({ emailDomain, tokens: tokenInfos() }).safeParse(body satisfies EmailTemplateInput);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((i) => ({ path: ['body', ...i.path], message: i.message }));
  return { ok: false, error: { status: 400, body: { message: issues[0]!.message, issues } } };
}

export const emailTemplateRoutes = s.router(contract.emailTemplates, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listEmailTemplates(request.server.db, query) }),

  settings: async ({ request }) => {
    const { EMAIL_DOMAIN, EMAIL_FROM_NAME, EMAIL_FROM, EMAIL_REPLY_TO } = request.server.config;
    const sender = {
      fromName: EMAIL_FROM_NAME,
      fromEmail: EMAIL_FROM ?? `invitations@${EMAIL_DOMAIN}`,
      replyToEmail: EMAIL_REPLY_TO ?? `info@${EMAIL_DOMAIN}`,
    };
    return { status: 200, body: { emailDomain: EMAIL_DOMAIN, sender } };
  },

  get: async ({ params, request }) => {
    const template = await repo.getEmailTemplate(request.server.db, params.id);
    if (!template) throw notFound('Email template');
    return { status: 200, body: template };
  },

  create: async ({ body, request }) => {
    const { db, config } = request.server;
    const input = checked(body, config.EMAIL_DOMAIN);
    if (!input.ok) return input.error;
    const id = await repo.createEmailTemplate(db, input.value, request.account!.id);
    return { status: 201, body: (await repo.getEmailTemplate(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db, config } = request.server;
    const input = checked(body, config.EMAIL_DOMAIN);
    if (!input.ok) return input.error;
    if (!(await repo.updateEmailTemplate(db, params.id, input.value, request.account!.id)))
      throw notFound('Email template');
    return { status: 200, body: (await repo.getEmailTemplate(db, params.id))! };
  },

  preview: async ({ body }) => ({ status: 200, body: await previewTemplate(body) }),

  sendTestEmail: async ({ params, body, request }) => {
    const sendId = await sendTestEmail(request.server, params.id, body);
    return { status: 200, body: { message: 'Test email sent successfully.', sendId } };
  },

  inviteeOptions: async ({ query, request }) => ({
    status: 200,
    body: await repo.listInviteeOptions(request.server.db, query),
  }),
});
