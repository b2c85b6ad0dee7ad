import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { firstPassword } from './account-fields.js';
import { CurrentAccount } from './auth.js';
import { requiredEmail } from './common/fields.js';

/** Where an invitee stands: spec 02's funnel (expired after the deadline, removed for a removed invitee). */
export const JOIN_STATES = ['invited', 'pledged', 'member', 'expired', 'removed'] as const;
export type JoinState = (typeof JOIN_STATES)[number];

/** Every way a join link can be wrong (unknown code, changed or missing signature) gets this one answer. */
export const JOIN_LINK_INVALID = 'This invitation link is not valid';
/** Every way a lookup can be wrong (unknown code, another address) gets this one answer. */
export const JOIN_LOOKUP_FAILED = 'No invitation matches this invitation code and email address';
export const JOIN_EXPIRED = 'This invitation has expired';
export const JOIN_NO_LONGER_VALID = 'This invitation is no longer valid';
export const JOIN_PAYMENT_NOT_SET_UP = 'Payment is not set up yet';
export const JOIN_ACCEPT_FIRST = 'Accept the invitation before paying';
export const JOIN_ALREADY_PAID = 'This membership is already paid';
/** A pledge never links, sets a password on or signs in a staff account (issue 34). */
export const JOIN_SIGN_IN_TO_ACCEPT = 'Sign in to accept this invitation';
/** A pledge on an existing account without a password: recorded, and a set-password link emailed to it (issue 34). */
export const JOIN_CHECK_EMAIL =
  "Your acceptance is recorded. We've sent an email to your invitation's address: use its link to set your password.";
export const STRIPE_WEBHOOK_INVALID = 'Invalid Stripe webhook: the signature, its timestamp or the event is not valid';

export const InvitationCodeParam = z.object({
  invitationCode: z
    .string()
    .trim()
    .min(1, 'Invitation code is required')
    .max(64, 'Invitation code must be 64 characters or less')
    .regex(/^[A-Za-z0-9-]+$/, 'Invitation code is not valid'),
});

/** A missing signature is not a 400: the handler answers 403 like a wrong one. */
export const JoinSignatureQuery = z.object({ signature: z.string().max(200).optional() });

const Person = z.object({
  name: z.string(),
  title: z.string().nullable(),
  department: z.string().nullable(),
  signatureUrl: z.string().nullable(),
});

/** The landing page's data: the invitee, the invitation and the chapter's invitation content. */
export const JoinInvitation = z.object({
  invitationCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  state: z.enum(JOIN_STATES),
  chapter: z.object({ name: z.string(), abbreviation: z.string(), logoUrl: z.string().nullable() }),
  institution: z.object({ name: z.string(), abbreviation: z.string(), logoUrl: z.string().nullable() }),
  /** Calendar days, YYYY-MM-DD. */
  deadline: z.string(),
  orientationDate: z.string(),
  feeCents: z.number().int(),
  currency: z.string(),
  /** False while STRIPE_SECRET_KEY is unset: the page says payment is not set up yet. */
  paymentConfigured: z.boolean(),
  /**
   * Whether the invitee's account has a password. False for a member paid through Record Payment before pledging:
   * the page sends them to "Forgot password?" instead of the member area's sign-in.
   */
  passwordSet: z.boolean(),
  advisors: z.array(Person),
  president: Person.nullable(),
  testimonial: z.object({ name: z.string().nullable(), title: z.string().nullable(), text: z.string() }).nullable(),
  sclaPage: z.string().nullable(),
  sclaPageImageUrl: z.string().nullable(),
});
export type JoinInvitation = z.infer<typeof JoinInvitation>;

export const JoinLookupBody = z.object({
  invitationCode: z
    .string({ required_error: 'Invitation code is required', invalid_type_error: 'Invitation code is required' })
    .trim()
    .min(1, 'Invitation code is required')
    .max(64, 'Invitation code must be 64 characters or less'),
  email: requiredEmail(),
});
export type JoinLookupBody = z.input<typeof JoinLookupBody>;

/** The signed link the lookup answers: the same one the invitation email carries. */
export const JoinLink = z.object({ invitationCode: z.string(), signature: z.string(), url: z.string() });
export type JoinLink = z.infer<typeof JoinLink>;

export const JoinPledgeBody = z.object({
  password: firstPassword,
});
export type JoinPledgeBody = z.input<typeof JoinPledgeBody>;

export const JoinPledgeResult = z.object({ account: CurrentAccount, state: z.enum(JOIN_STATES) });
export type JoinPledgeResult = z.infer<typeof JoinPledgeResult>;

/** The pledge of an existing account without a password: no session; the password is set through the email. */
export const JoinPledgeEmailed = z.object({ message: z.string(), state: z.enum(JOIN_STATES) });

export const CheckoutSession = z.object({ url: z.string() });

/**
 * Issue 23: the public half of the join funnel. No cookie needed to read or pledge: the signed join link
 * (an HMAC over the invitation code) authorises; the pledge signs the person in.
 */
export const publicJoinContract = c.router(
  {
    lookup: {
      method: 'POST',
      path: '/public/join/lookup',
      body: JoinLookupBody,
      responses: { 200: JoinLink, 404: ErrorBody, 429: ErrorBody },
      summary: `The signed join link for an invitation code and the address it was sent to (both must match; throttled per address like sign-in; one answer, 404 '${JOIN_LOOKUP_FAILED}', for every mismatch)`,
    },
    get: {
      method: 'GET',
      path: '/public/join/:invitationCode',
      pathParams: InvitationCodeParam,
      query: JoinSignatureQuery,
      responses: { 200: JoinInvitation, 403: ErrorBody },
      summary: `The landing page's data for a signed join link (state: invited, pledged, member, expired, removed); 403 '${JOIN_LINK_INVALID}' for any bad link`,
    },
    pledge: {
      method: 'POST',
      path: '/public/join/:invitationCode/pledge',
      pathParams: InvitationCodeParam,
      query: JoinSignatureQuery,
      body: JoinPledgeBody,
      responses: { 200: JoinPledgeResult, 202: JoinPledgeEmailed, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      summary:
        "Accept the invitation: creates (or links, by email) the invitee's account with pledgedAt, records the pledge and signs in, in one transaction; " +
        `idempotent. 409 '${JOIN_EXPIRED}' after the deadline, '${JOIN_NO_LONGER_VALID}' for a removed invitee. ` +
        `A staff account is never linked, given a password or signed in: 409 '${JOIN_SIGN_IN_TO_ACCEPT}'. ` +
        'Linking an account that has a password needs that password, counted as a sign-in attempt (429 when throttled); an account with a second factor is linked but not signed in. ' +
        'An existing account without a password is linked and emailed a set-password link (202): its password is not set and no one is signed in. Every link of an existing account is audited',
    },
    checkout: {
      method: 'POST',
      path: '/public/join/:invitationCode/checkout',
      pathParams: InvitationCodeParam,
      query: JoinSignatureQuery,
      body: c.noBody(),
      responses: { 200: CheckoutSession, 403: ErrorBody, 409: ErrorBody, 502: ErrorBody },
      summary: `A Stripe Checkout Session for the membership fee of a pledged invitee: answers its url. 409 '${JOIN_PAYMENT_NOT_SET_UP}' without STRIPE_SECRET_KEY`,
    },
    stripeWebhook: {
      method: 'POST',
      path: '/public/payments/stripe/webhook',
      body: z
        .any()
        .describe('A Stripe event, signed in the Stripe-Signature header over the raw body with STRIPE_WEBHOOK_SECRET'),
      responses: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: ErrorBody },
      summary:
        'Stripe events: checkout.session.completed (paid) and checkout.session.async_payment_succeeded record the payment, make the member and queue the WelcomeEmail once; ' +
        'charge.refunded records the refund. Signature over the raw body, timestamps within 300 s either way, each event id once; 400 for anything else',
    },
  },
  { metadata: meta.public },
);
