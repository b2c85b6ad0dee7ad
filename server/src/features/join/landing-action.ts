import { JOIN_SIGN_IN_TO_ACCEPT, type JoinInvitation } from '@app/contract';
import { escapeHtml as escape } from '../../html/public-page.js';
import { alertBox, formatFee } from './landing-html.js';

/*
 * The landing page's one action for where the invitee stands (accept with a password, pay, or what happened), and
 * the lookup form of a link without a valid signature. Every step is a plain form: GET to open the password form,
 * POST (`step` = pledge, pay or lookup) to act; landing-routes.ts answers them.
 */

export const JOIN_TEXTS = {
  accept: 'Accept the invitation',
  confirmAccept: 'Accept and create my account',
  passwordLabel: 'Choose a password',
  passwordHint: 'At least 8 characters. You will use it with your email address to sign in.',
  pledged: 'You have accepted the invitation.',
  pay: (fee: string) => `Pay ${fee} and complete membership`,
  notSetUp: 'Payment is not set up yet. Your place is held: we will email you when you can complete your membership.',
  confirming: 'Thank you! Your payment is being confirmed; this page updates by itself.',
  member: 'Welcome: you are a member. A welcome email is on its way.',
  memberArea: 'Go to the member area',
  noPassword: 'Your account has no password yet: ask for a link to set one, then sign in to the member area.',
  setPassword: 'Set my password',
  expired: 'This invitation has expired',
  removed: 'This invitation is no longer valid',
  signIn: 'Sign in',
  mistake: 'If you believe this is a mistake, please reply to the invitation email.',
} as const;

export const BAD_LINK_NOTICE =
  'This invitation link is not valid. Enter your invitation code and email address to open your invitation.';

/** What the page shows beside the state: the step asked for, and the last POST's refusal. */
export type ActionView = {
  signature: string;
  paid: boolean;
  /** The password form is open (after "Accept the invitation", or a refused pledge). */
  accepting: boolean;
  /** A pledge recorded without a session: the set-password email's message. */
  emailed?: string;
  /** A refusal of the last step: on the password field when it is the password's, else above the button. */
  error?: { message: string; field?: boolean };
};

/** The page's own address for the signed link, as a form's action. */
export const pageUrl = (code: string, signature: string) =>
  `/join/${encodeURIComponent(code)}?signature=${encodeURIComponent(signature)}`;

const button = (label: string, big = false) =>
  `<button type="submit" class="button${big ? ' big' : ''}">${escape(label)}</button>`;
const post = (code: string, signature: string, step: string, inner: string) =>
  `<form method="post" action="${escape(pageUrl(code, signature))}"><input type="hidden" name="step" value="${step}">${inner}</form>`;

function passwordForm(join: JoinInvitation, view: ActionView): string {
  const { error } = view;
  const fieldError = error?.field ? error.message : undefined;
  const refusal =
    error && !error.field
      ? alertBox(
          'error',
          `<p style="margin:0">${escape(error.message)}</p>${
            // A staff account accepts signed in, then comes back here.
            error.message === JOIN_SIGN_IN_TO_ACCEPT
              ? `<a href="${escape(`/login?redirect=${encodeURIComponent(pageUrl(join.invitationCode, view.signature))}`)}">${JOIN_TEXTS.signIn}</a>`
              : ''
          }`,
        )
      : '';
  const described = `password-hint${fieldError ? ' password-error' : ''}`;
  return post(
    join.invitationCode,
    view.signature,
    'pledge',
    `<div><label for="password">${JOIN_TEXTS.passwordLabel}</label><span class="hint" id="password-hint">${JOIN_TEXTS.passwordHint}</span>` +
      `<input id="password" name="password" type="password" autocomplete="new-password" required autofocus aria-describedby="${described}"${
        fieldError ? ' aria-invalid="true"' : ''
      }>${fieldError ? `<span class="field-error" id="password-error">${escape(fieldError)}</span>` : ''}</div>` +
      `${refusal}${button(JOIN_TEXTS.confirmAccept)}`,
  );
}

/** The action under the facts: what the invitee can do now, or what happened. */
export function actionHtml(join: JoinInvitation, view: ActionView): string {
  const { invitationCode: code, state } = join;
  if (state === 'expired' || state === 'removed')
    return alertBox('gray', `<p style="margin:0">${JOIN_TEXTS.mistake}</p>`, JOIN_TEXTS[state]);
  if (state === 'member') {
    const next = join.passwordSet
      ? `<a class="button" href="/member">${JOIN_TEXTS.memberArea}</a>`
      : // Paid through Record Payment before pledging: no password to sign in with yet (issue 40 §11).
        `<p style="margin:0;font-size:14px">${JOIN_TEXTS.noPassword}</p><a class="button" href="/login?forgot=1">${JOIN_TEXTS.setPassword}</a>`;
    return `<div class="stack">${alertBox('ok', escape(JOIN_TEXTS.member))}${next}</div>`;
  }
  if (state === 'pledged') {
    const pay = view.paid
      ? `<p role="status" style="margin:0">${JOIN_TEXTS.confirming}</p>`
      : join.paymentConfigured
        ? post(code, view.signature, 'pay', button(JOIN_TEXTS.pay(formatFee(join))))
        : `<p style="margin:0;font-size:14px">${JOIN_TEXTS.notSetUp}</p>`;
    const refusal = view.error ? alertBox('error', escape(view.error.message)) : '';
    return `<div class="stack">${alertBox('ok', escape(view.emailed ?? JOIN_TEXTS.pledged))}${pay}${refusal}</div>`;
  }
  if (view.accepting) return passwordForm(join, view);
  // Opens the password form: a plain GET of this page, so it works before (and without) any script.
  return `<form method="get" action="/join/${escape(encodeURIComponent(code))}"><input type="hidden" name="signature" value="${escape(
    view.signature,
  )}"><input type="hidden" name="step" value="accept">${button(JOIN_TEXTS.accept, true)}</form>`;
}

/** Without a (valid) signed link: the invitation code and the address it was sent to open the invitation. */
export function lookupHtml(code: string, values: { email?: string; notice?: string; error?: string } = {}): string {
  const field = (id: string, label: string, type: string, value: string, autocomplete: string) =>
    `<div><label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" value="${escape(value)}" required autocomplete="${autocomplete}"></div>`;
  return `<section class="card action narrow" aria-label="Open your invitation">${post(
    code || '-',
    '',
    'lookup',
    `${values.notice ? alertBox('note', escape(values.notice)) : ''}<p style="margin:0">Enter the invitation code from your letter or email, and the email address the invitation was sent to.</p>` +
      field('invitationCode', 'Invitation code', 'text', code, 'off') +
      field('email', 'Email address', 'email', values.email ?? '', 'email') +
      (values.error ? alertBox('error', escape(values.error)) : '') +
      button('Open my invitation'),
  )}</section>`;
}
