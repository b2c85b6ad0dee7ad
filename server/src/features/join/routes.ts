import type { contract } from '@app/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { publicPledge } from './pledge.js';
import { joinCheckoutUrl, joinInvitation, lookupJoinLink, pledgingInvitee } from './steps.js';

/**
 * Issue 23: the public half of the join funnel as JSON calls (no session needed; the signed link authorises). The
 * landing page the server renders (landing-routes.ts) takes the same steps (steps.ts). The contract's Stripe
 * webhook is the payments area's (features/payments/stripe-webhook.ts); the router joins the two.
 */
export const publicJoinRoutes = {
  lookup: async ({ body, request, reply }) => ({ status: 200, body: await lookupJoinLink(request, reply, body) }),

  get: async ({ params, query, request }) => ({
    status: 200,
    body: await joinInvitation(request, params.invitationCode, query.signature),
  }),

  pledge: async ({ params, query, body, request, reply }) => {
    const before = await pledgingInvitee(request, params.invitationCode, query.signature);
    return publicPledge(request, reply, before, body.password);
  },

  checkout: async ({ params, query, request }) => ({
    status: 200,
    body: { url: await joinCheckoutUrl(request, params.invitationCode, query.signature) },
  }),
} satisfies Omit<RouterImplementation<typeof contract.publicJoin>, 'stripeWebhook'>;
