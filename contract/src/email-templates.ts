import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { listRoute } from './common/area-routes.js';
import { IdParam, STORABLE_TEXT, refId, requiredEnum, requiredText } from './common/fields.js';
import { listQuery } from './common/list.js';
import { tokensIn, type TokenInfo, type TokenSubject } from './tokens.js';
import { EmailTemplateListQuery, TEMPLATE_TYPES, type TemplateType } from './list-queries/email-templates.js';

export * from './list-queries/email-templates.js';

// Email templates (spec 03 §2 /admin/tech/email-templates, §3, §5, §7): MJML or HTML bodies with
// {{tokens}}, a live preview rendered on the server, and test sends.

export const BODY_FORMATS = ['mjml', 'html'] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];

export const EMAIL_TEMPLATE_SAVED = 'Email saved successfully.';
export const TEST_EMAIL_SENT = 'Test email sent successfully.';
export const EMAIL_BODY_MAX = 200_000;

/**
 * Who a template of each type is sent to, hence which tokens it may use: invitation emails go to an
 * invitee of an invitation, welcome emails to a member's account.
 */
export const TEMPLATE_SUBJECTS: Record<TemplateType, readonly TokenSubject[]> = {
  Invitation: ['invitee', 'invitation', 'chapter', 'institution'],
  InvitationTickler: ['invitee', 'invitation', 'chapter', 'institution'],
  WelcomeEmail: ['account', 'member', 'chapter', 'institution'],
  WelcomeEmailNoPayment: ['account', 'member', 'chapter', 'institution'],
};

/** Test sends pick an invitee for invitation templates and a member for welcome templates (spec 03 §2). */
export const recipientKind = (type: TemplateType): 'invitee' | 'member' =>
  type.startsWith('WelcomeEmail') ? 'member' : 'invitee';

export const EmailTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  bodyFormat: z.enum(BODY_FORMATS),
  templateType: z.enum(TEMPLATE_TYPES),
  preview: z.string(),
  enabled: z.boolean(),
  fromName: z.string(),
  fromEmail: z.string(),
  replyToEmail: z.string(),
  /** Bumped by every save; each version is kept and a send records the one it used. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The name of the staff member who saved it last. */
  updatedBy: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

const templateEmail = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(254, `${label} is not valid`)
    .email(`${label} is not valid`);

/** Create and update body (spec 03 §5: every field required, 'X is required'). The domain rule: `emailTemplateRules`. */
export const EmailTemplateInput = z.object({
  name: requiredText('Name is required', 255, 'Name must be 255 characters or less'),
  subject: requiredText('Subject is required', 255, 'Subject must be 255 characters or less'),
  body: requiredText('Body is required', EMAIL_BODY_MAX, `Body must be ${EMAIL_BODY_MAX} characters or less`),
  bodyFormat: requiredEnum([...BODY_FORMATS], 'Body Format is required').default('mjml'),
  templateType: requiredEnum([...TEMPLATE_TYPES], 'Template Type is required').default('Invitation'),
  preview: requiredText('Preview Text is required', 255, 'Preview Text must be 255 characters or less'),
  enabled: z.boolean({ invalid_type_error: 'Enabled must be true or false' }).default(true),
  fromName: requiredText('From Name is required', 255, 'From Name must be 255 characters or less'),
  fromEmail: templateEmail('From Email'),
  replyToEmail: templateEmail('Reply To'),
});
export type EmailTemplateInput = z.input<typeof EmailTemplateInput>;
type TemplateValues = z.output<typeof EmailTemplateInput>;

/** The message of the domain rule, for From Email and Reply To alike (spec 03 §5). */
export const fromDomainMessage = (host: string) => `From Email must be from ${host}`;

/** An address on `host` or one of its subdomains. */
export function isOnDomain(email: string, host: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const h = host.toLowerCase();
  return domain === h || domain.endsWith(`.${h}`);
}

/** The token problems of one text: unknown tokens, and tokens no recipient of this template type has. */
export function tokenProblems(
  text: string,
  templateType: TemplateType,
  tokens: readonly Pick<TokenInfo, 'id' | 'subjects'>[],
): string[] {
  const byId = new Map(tokens.map((t) => [t.id, t]));
  const subjects = TEMPLATE_SUBJECTS[templateType];
  return tokensIn(text).flatMap((id) => {
    const token = byId.get(id);
    if (!token) return [`Unknown token {{${id}}}`];
    if (!token.subjects.some((s) => subjects.includes(s)))
      return [`Token {{${id}}} is not available in ${templateType} templates`];
    return [];
  });
}

/**
 * The whole save rule: `EmailTemplateInput` plus From Email and Reply To on the society's domain and every
 * token known (and available to the template's type). All problems are reported at once, the fields'
 * own first. The server checks with it before saving; the form checks with the same rule once it knows
 * the domain and the tokens.
 * @example emailTemplateRules({ emailDomain: 'example.org', tokens }).safeParse(values)
 */
export function emailTemplateRules(opts: {
  emailDomain: string;
  tokens: readonly Pick<TokenInfo, 'id' | 'subjects'>[];
}) {
  return z.unknown().transform((raw, ctx): TemplateValues => {
    const base = EmailTemplateInput.safeParse(raw);
    const issues: { path: (string | number)[]; message: string }[] = base.success
      ? []
      : base.error.issues.map((i) => ({ path: i.path, message: i.message }));
    const failed = new Set(issues.map((i) => String(i.path[0])));
    const v = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const text = (field: string) =>
      !failed.has(field) && typeof v[field] === 'string' ? (v[field] as string).trim() : undefined;
    const type = base.success
      ? base.data.templateType
      : (TEMPLATE_TYPES as readonly unknown[]).includes(v.templateType)
        ? (v.templateType as TemplateType)
        : 'Invitation';
    for (const field of ['fromEmail', 'replyToEmail'] as const) {
      const email = text(field);
      if (email !== undefined && !isOnDomain(email, opts.emailDomain))
        issues.push({ path: [field], message: fromDomainMessage(opts.emailDomain) });
    }
    for (const field of ['subject', 'preview', 'body'] as const) {
      const value = text(field);
      if (value !== undefined)
        for (const message of tokenProblems(value, type, opts.tokens)) issues.push({ path: [field], message });
    }
    if (!base.success || issues.length) {
      for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
      return z.NEVER;
    }
    return base.data;
  });
}

const draftText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .max(max, `${label} must be ${max} characters or less`)
    .regex(STORABLE_TEXT, `${label} contains an invalid character`)
    .default('');

/** An unsaved template, as the editor holds it: any field may still be empty. */
export const EmailPreviewInput = z.object({
  subject: draftText('Subject', 255),
  body: draftText('Body', EMAIL_BODY_MAX),
  bodyFormat: requiredEnum([...BODY_FORMATS], 'Body Format is required').default('mjml'),
  preview: draftText('Preview Text', 255),
  templateType: requiredEnum([...TEMPLATE_TYPES], 'Template Type is required').default('Invitation'),
});
export type EmailPreviewInput = z.input<typeof EmailPreviewInput>;

export const TemplateError = z.object({ line: z.number().int().nullable(), message: z.string() });
export type TemplateError = z.infer<typeof TemplateError>;

export const EmailPreview = z.object({
  subject: z.string(),
  /** The whole HTML document, personalised with sample values. */
  html: z.string(),
  text: z.string(),
  /** MJML problems with their line in the body. */
  errors: z.array(TemplateError),
  /** Token problems by field: 'Unknown token {{x}}' and tokens this template type cannot have. */
  tokenErrors: z.array(z.object({ field: z.enum(['subject', 'preview', 'body']), message: z.string() })),
});
export type EmailPreview = z.infer<typeof EmailPreview>;

/** Spec 03 §5: toEmail at least 5 characters ('Email is required') and an address ('Email is not valid'). */
export const SendTestEmailInput = z.object({
  toEmail: z
    .string({ required_error: 'Email is required', invalid_type_error: 'Email is required' })
    .trim()
    .min(5, 'Email is required')
    .max(254, 'Email is not valid')
    .email('Email is not valid'),
  /** An invitee's id for Invitation and InvitationTickler templates, a member's account id for welcome templates. */
  recipientId: refId('Recipient is required'),
});
export type SendTestEmailInput = z.input<typeof SendTestEmailInput>;

export const SentTestEmail = z.object({ message: z.string(), sendId: z.number().int().nullable() });

export const EmailTemplateSettings = z.object({
  /** The society's domain: From Email and Reply To must be on it (EMAIL_DOMAIN). */
  emailDomain: z.string(),
  /** What a new template's sender starts as (spec 03: "from name and addresses on the society domain"): EMAIL_FROM_NAME, EMAIL_FROM, EMAIL_REPLY_TO. */
  sender: z.object({ fromName: z.string(), fromEmail: z.string(), replyToEmail: z.string() }),
});
export type EmailTemplateSettings = z.infer<typeof EmailTemplateSettings>;

export const InviteeOptionsQuery = listQuery({ sortable: ['name', 'id'] as const, defaultSort: 'name:asc' });
export type InviteeOptionsQuery = z.input<typeof InviteeOptionsQuery>;
/** An invitee in a picker: `name` is 'First Last <email>'. */
export const InviteeOption = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  invitationId: z.number().int(),
});
export type InviteeOption = z.infer<typeof InviteeOption>;

const PATH = '/admin/logistics/email-templates';

export const emailTemplatesContract = c.router(
  {
    list: listRoute(
      PATH,
      EmailTemplateListQuery,
      EmailTemplate,
      'List email templates (search name, subject, from address; filter enabled and type)',
    ),
    settings: {
      method: 'GET',
      path: `${PATH}/settings`,
      responses: { 200: EmailTemplateSettings },
      summary: "The template rules' settings: the society's email domain",
    },
    get: {
      method: 'GET',
      path: `${PATH}/:id`,
      pathParams: IdParam,
      responses: { 200: EmailTemplate },
      summary: 'One email template',
    },
    create: {
      method: 'POST',
      path: PATH,
      body: EmailTemplateInput,
      responses: { 201: EmailTemplate },
      summary: 'Create an email template (version 1)',
    },
    update: {
      method: 'PUT',
      path: `${PATH}/:id`,
      pathParams: IdParam,
      body: EmailTemplateInput,
      responses: { 200: EmailTemplate },
      summary: 'Update an email template (a new version; earlier versions are kept)',
    },
    preview: {
      method: 'POST',
      path: `${PATH}/preview`,
      body: EmailPreviewInput,
      responses: { 200: EmailPreview },
      // A POST only to carry the draft: it renders and stores nothing, so whoever may read templates may preview.
      metadata: { permission: 'emailTemplates:read' },
      summary:
        'Render an unsaved template with sample token values: HTML, text, MJML errors with their line, token problems',
    },
    sendTestEmail: {
      method: 'POST',
      path: `${PATH}/:id/send-test-email`,
      pathParams: IdParam,
      body: SendTestEmailInput,
      responses: { 200: SentTestEmail },
      summary:
        'Send the saved template to toEmail with the tokens of an invitee (invitation types) or a member (welcome types)',
    },
    inviteeOptions: listRoute(
      '/admin/logistics/invitees/options',
      InviteeOptionsQuery,
      InviteeOption,
      "Invitees for a picker: 'First Last <email>', searched by name and email",
    ),
  },
  { metadata: meta.area('emailTemplates') },
);
