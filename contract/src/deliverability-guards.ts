import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';

/*
 * Bounce and complaint guards (issue 37 §3): what a hard bounce, a soft bounce and a complaint do to the address
 * (rules per kind, editable), the bounce and complaint rates over the last 24 hours and 7 days per campaign (an
 * invitation) and for the whole account, and the pauses of new reminders they cause, each resumed explicitly.
 */

export const GUARD_KINDS = ['bounced_hard', 'bounced_soft', 'spam'] as const;
export type GuardKind = (typeof GUARD_KINDS)[number];
export const GUARD_KIND_LABELS: Record<GuardKind, string> = {
  bounced_hard: 'Hard bounce',
  bounced_soft: 'Soft bounce',
  spam: 'Complaint',
};
export const GUARD_ACTIONS = ['none', 'block', 'block_unsubscribe'] as const;
export type GuardAction = (typeof GUARD_ACTIONS)[number];
export const GUARD_ACTION_LABELS: Record<GuardAction, string> = {
  none: 'Nothing',
  block: 'Block the address',
  block_unsubscribe: 'Block and unsubscribe',
};

export const GuardRule = z.object({
  kind: z.enum(GUARD_KINDS),
  /** How many of that kind for one address before the action. */
  times: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
  /** Counted over the last so many days (null: ever). */
  withinDays: z.number().int().min(1, 'must be at least 1').max(3650, 'must be at most 3650').nullable(),
  action: z.enum(GUARD_ACTIONS),
});
export type GuardRule = z.infer<typeof GuardRule>;

export const GuardRules = z.object({
  rules: z
    .array(GuardRule)
    .length(GUARD_KINDS.length, 'give one rule per kind')
    .refine((rules) => new Set(rules.map((r) => r.kind)).size === GUARD_KINDS.length, 'give one rule per kind'),
});
export type GuardRules = z.infer<typeof GuardRules>;

const count = z.number().int();
/** What was sent, hard-bounced and complained about in one window. */
export const GuardWindow = z.object({ sent: count, bounced: count, complained: count });
export type GuardWindow = z.infer<typeof GuardWindow>;

export const GuardScope = z.object({
  /** The invitation (campaign), or null: the whole account. */
  invitationId: z.number().int().nullable(),
  name: z.string(),
  day: GuardWindow,
  week: GuardWindow,
});
export type GuardScope = z.infer<typeof GuardScope>;

export const GuardPause = z.object({
  id: z.number().int(),
  invitationId: z.number().int().nullable(),
  /** The invitation's name, or 'Every invitation'. */
  name: z.string(),
  kind: z.enum(['bounce', 'complaint']),
  reason: z.string(),
  pausedAt: z.string(),
});
export type GuardPause = z.infer<typeof GuardPause>;

export const GuardsOverview = z.object({
  thresholds: z.object({
    /** EMAIL_PAUSE_BOUNCE_RATE, a fraction (0.05). */
    bounceRate: z.number(),
    /** EMAIL_PAUSE_COMPLAINT_RATE, a fraction (0.001). */
    complaintRate: z.number(),
    /** The fewest sends in a window a rate is judged on. */
    minSends: count,
  }),
  account: GuardScope,
  /** The campaigns that sent in the last 7 days, highest bounce rate first (at most 50). */
  campaigns: z.array(GuardScope),
  /** The live pauses. */
  pauses: z.array(GuardPause),
  rules: z.array(GuardRule),
});
export type GuardsOverview = z.infer<typeof GuardsOverview>;

/** A rate as a fraction; 0 over no sends. */
export const guardRate = (part: number, sent: number): number => (sent > 0 ? part / sent : 0);
/** A rate in words, two significant digits: 0.072 -> '7.2%', 0.0015 -> '0.15%'. */
export const ratePercent = (rate: number): string => `${Number((rate * 100).toPrecision(2))}%`;

const PATH = '/admin/logistics/deliverability/guards';

const guardsRouter = c.router(
  {
    guards: {
      method: 'GET',
      path: PATH,
      query: z.object({ invitationId: z.coerce.number().int().positive().optional() }),
      responses: { 200: GuardsOverview },
      summary:
        'Bounce and complaint rates over the last 24 hours and 7 days, for the account and per campaign, against their thresholds; the live pauses and the rules per kind',
      description:
        'With invitationId, campaigns holds that invitation only (and pauses those that stop it: its own and an account-wide one).',
    },
    saveRules: {
      method: 'PUT',
      path: `${PATH}/rules`,
      body: GuardRules,
      responses: { 200: GuardRules, 400: ErrorBody },
      summary:
        'Replaces the rules per kind (hard bounce, soft bounce, complaint): after how many, within how many days, and what is done to the address',
    },
    resume: {
      method: 'POST',
      path: `${PATH}/pauses/:id/resume`,
      pathParams: z.object({ id: z.coerce.number().int().positive() }),
      body: c.noBody(),
      responses: { 200: z.object({ resumed: z.literal(true) }), 404: ErrorBody },
      summary:
        'Resumes the reminders a guard paused (audited as resume): they start at the next minute; the rates count again from now. 404 when the pause is not live',
      metadata: { permission: 'invitationEmails:write' },
    },
  },
  { metadata: meta.area('deliverability') },
);

type GuardsRouter = typeof guardsRouter;
/**
 * Named, so the contract router's declaration refers to it instead of spelling it out (the router's inferred type
 * is near the length the compiler will write).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DeliverabilityGuardsContract extends GuardsRouter {}
export const deliverabilityGuardsContract: DeliverabilityGuardsContract = guardsRouter;
