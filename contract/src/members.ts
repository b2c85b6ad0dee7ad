import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { exportRoute, listRoute } from './common/area-routes.js';
import { conflict } from './common/error.js';
import { IdParam, idNumber } from './common/fields.js';
import { MemberListQuery, PledgeListQuery } from './list-queries/accounts.js';
import { ResetPasswordInput, accountEmail, accountNameFields } from './account-fields.js';

// The members and pledges lists (the legacy "accounts/legacy" calls): accounts with a membership or
// pledge date, in the spec's lowercase row shape. Served under the accounts router (see accounts.ts).

/** Spec 01 §3 Member/pledge row: lowercase keys, as the spec writes them. */
export const MemberRow = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  email: z.string(),
  invitationcode: z.string().nullable(),
  schoolname: z.string().nullable(),
  memberat: z.string().nullable(),
  pledgedat: z.string().nullable(),
  directoryOptOut: z
    .boolean()
    .describe('FERPA directory opt-out: never named to a third party (public pages, integrators), no postal mail'),
});
export type MemberRow = z.infer<typeof MemberRow>;

/** Member edit body (spec 01 §5: first name, last name and email are required). */
export const MemberInput = z.object({
  firstname: accountNameFields.firstName,
  lastname: accountNameFields.lastName,
  email: accountEmail,
});
export type MemberInput = z.input<typeof MemberInput>;

export const WELCOME_EMAIL_SENT = 'Welcome Email sent successfully.';

/** What a queued welcome email answers: its send-log row and the template type chosen (paid or not). */
export const WelcomeEmailResult = z.object({
  sendId: z.number().int(),
  templateType: z.enum(['WelcomeEmail', 'WelcomeEmailNoPayment']),
});
export type WelcomeEmailResult = z.infer<typeof WelcomeEmailResult>;

/** The member's last welcome email (automatic or requested), for the confirm dialog; null when none went yet. */
export const WelcomeEmailState = z.object({
  lastSent: z
    .object({
      sendId: z.number().int(),
      /** When it left (or was queued, while it waits). */
      at: z.string(),
      to: z.string(),
      status: z.enum(['queued', 'sent', 'failed', 'suppressed']),
      templateType: WelcomeEmailResult.shape.templateType,
    })
    .nullable(),
});
export type WelcomeEmailState = z.infer<typeof WelcomeEmailState>;

/** The Send Welcome Email dialog's question (spec 01: the action asks first). */
export const welcomeConfirmText = (m: { fullname: string; email: string }) =>
  `Send the welcome email to ${m.fullname} (${m.email})?`;

/**
 * The dialog's line on the last welcome (issue 38 §6), `when` formatting its time:
 * 'Last sent Mar 5, 2024, 10:00 UTC to amy@lakeside.edu.' ('(queued)', '(failed)' or '(suppressed)' when it did
 * not leave), or that none went yet.
 */
export function welcomeLastSentText(lastSent: WelcomeEmailState['lastSent'], when: (iso: string) => string): string {
  if (!lastSent) return 'No welcome email has been sent yet.';
  const state = lastSent.status === 'sent' ? '' : ` (${lastSent.status})`;
  return `Last sent ${when(lastSent.at)} to ${lastSent.to}${state}.`;
}

/** `afterSendId`: the last send the confirm dialog showed; the welcome then goes again (issue 38 §6). */
export const SendWelcomeEmailQuery = z.object({ afterSendId: idNumber('afterSendId').optional() });
export type SendWelcomeEmailQuery = z.infer<typeof SendWelcomeEmailQuery>;

export const memberRoutes = c.router(
  {
    members: listRoute(
      '/admin/accounts/legacy',
      MemberListQuery,
      MemberRow,
      'List members (accounts with a membership date); status=pledge lists pledges instead',
    ),
    exportMembers: exportRoute('/admin/accounts/legacy/export', MemberListQuery, 'Export the filtered members as CSV'),
    pledges: listRoute(
      '/admin/accounts/pledges',
      PledgeListQuery,
      MemberRow,
      'List pledges (pledged accounts without a membership date), read-only',
    ),
    getMember: {
      method: 'GET',
      path: '/admin/accounts/legacy/:id',
      pathParams: IdParam,
      responses: { 200: MemberRow },
      summary: 'One member or pledge',
    },
    updateMember: {
      method: 'PUT',
      path: '/admin/accounts/legacy/:id',
      pathParams: IdParam,
      body: MemberInput,
      responses: { 200: MemberRow, ...conflict },
      summary: "Update a member's name and email",
    },
    resetMemberPassword: {
      method: 'PUT',
      path: '/admin/accounts/legacy/:id/reset-password',
      pathParams: IdParam,
      body: ResetPasswordInput,
      responses: { 204: c.noBody() },
      summary: "Set a member's password; ends the member's sessions",
    },
    welcomeEmail: {
      method: 'GET',
      path: '/admin/accounts/legacy/:id/welcome-email',
      pathParams: IdParam,
      responses: { 200: WelcomeEmailState },
      summary: "When the member's last welcome email went (the Send Welcome Email dialog shows it)",
    },
    sendWelcomeEmail: {
      method: 'POST',
      path: '/admin/accounts/legacy/:id/send-welcome-email',
      pathParams: IdParam,
      query: SendWelcomeEmailQuery,
      body: c.noBody(),
      responses: { 200: WelcomeEmailResult, ...conflict },
      summary:
        'Queue the welcome email: WelcomeEmail for a member who paid (memberAt set), WelcomeEmailNoPayment otherwise, from the newest enabled ' +
        'template of that type. 409 when no such template is enabled, when the address is blocked for transactional emails, or when ' +
        'this welcome was already sent to this address. With afterSendId (the last send, from welcome-email) it is sent again, ' +
        'audited; 409 when another went since.',
    },
  },
  { metadata: meta.area('accounts') },
);
