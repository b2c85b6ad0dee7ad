import { InvitationCodeParam, JoinLookupBody, JoinPledgeBody } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { documentHead, escapeHtml as escape, pageRefusal, sendPage } from '../../html/public-page.js';
import { actionHtml, BAD_LINK_NOTICE, lookupHtml, pageUrl, type ActionView } from './landing-action.js';
import { factsHtml, landingDocument, letterHtml } from './landing-html.js';
import { publicPledge } from './pledge.js';
import { joinCheckoutUrl, joinInvitation, lookupJoinLink, pledgingInvitee } from './steps.js';

/*
 * PUBLIC_URL/join/{invitationCode}?signature=: the landing page of an invitation (issue 23), rendered here as plain
 * HTML so it paints at once on a phone (issue 38 §5), with the same steps as the JSON calls (steps.ts). Its forms
 * post back to this address (`step`: pledge, pay, lookup; form bodies are read only here and on the unsubscribe
 * calls, and the access hook refuses another site's Origin); a step that succeeds redirects to the page (303), a
 * refused one shows the page again with the refusal, under the refusal's status.
 */

type Query = { signature?: unknown; paid?: unknown; step?: unknown };
type Params = { invitationCode: string };
type Body = Record<string, string | undefined>;

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const TITLE = 'Your invitation';

const send = (reply: FastifyReply, status: number, html: string) => sendPage(reply, html, { status, forms: true });

function lookupPage(reply: FastifyReply, status: number, code: string, values?: Parameters<typeof lookupHtml>[1]) {
  return send(reply, status, landingDocument({ title: TITLE }, undefined, lookupHtml(code, values)));
}

/** The page of a signed link with `view`'s step and refusal; the lookup form for a bad link (403). */
async function landingPage(
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
  view: ActionView,
  status = 200,
): Promise<FastifyReply> {
  if (!view.signature) return lookupPage(reply, 200, code);
  let join;
  try {
    join = await joinInvitation(request, code, view.signature);
  } catch (err) {
    if (err instanceof AppError && err.status === 403) return lookupPage(reply, 403, code, { notice: BAD_LINK_NOTICE });
    throw err;
  }
  // Back from Checkout before the webhook made the member: the page looks again every 2 seconds by itself.
  const refreshSeconds = view.paid && join.state === 'pledged' ? 2 : undefined;
  const main = `<section class="card action" aria-label="Your invitation">${factsHtml(join)}${actionHtml(join, view)}</section>${letterHtml(join)}`;
  return send(reply, status, landingDocument({ title: `${TITLE}: ${join.chapter.name}`, refreshSeconds }, join, main));
}

/** The page that sends the browser on to Stripe Checkout (a redirect after a form would break the form-action CSP). */
function onToCheckout(reply: FastifyReply, url: string) {
  const link = escape(url);
  return send(
    reply,
    200,
    `${documentHead('Payment', 'body{font-family:system-ui,sans-serif;padding:24px}', `<meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${link}">`)}
<body><p>Taking you to the secure payment page… <a href="${link}">Continue to payment</a></p></body></html>`,
  );
}

async function postStep(
  request: FastifyRequest<{ Params: Params; Querystring: Query; Body: Body }>,
  reply: FastifyReply,
) {
  const code = request.params.invitationCode;
  const signature = text(request.query.signature) ?? '';
  const body = (request.body ?? {}) as Body;
  const again = (view: Partial<ActionView>, status: number) =>
    landingPage(request, reply, code, { signature, paid: false, accepting: false, ...view }, status);

  if (body.step === 'lookup') {
    const parsed = JoinLookupBody.safeParse({ invitationCode: body.invitationCode, email: body.email });
    const values = { email: body.email };
    const typed = body.invitationCode ?? code;
    if (!parsed.success) return lookupPage(reply, 400, typed, { ...values, error: parsed.error.issues[0]?.message });
    try {
      const link = await lookupJoinLink(request, reply, parsed.data);
      return reply.redirect(pageUrl(link.invitationCode, link.signature), 303);
    } catch (err) {
      const { status, message } = pageRefusal(err);
      return lookupPage(reply, status, typed, { ...values, error: message });
    }
  }
  if (body.step === 'pledge') {
    const parsed = JoinPledgeBody.safeParse({ password: body.password ?? '' });
    if (!parsed.success)
      return again({ accepting: true, error: { message: parsed.error.issues[0]!.message, field: true } }, 400);
    try {
      const before = await pledgingInvitee(request, code, signature);
      const result = await publicPledge(request, reply, before, parsed.data.password);
      if (result.status === 202) return again({ emailed: result.body.message }, 200);
      return reply.redirect(pageUrl(code, signature), 303);
    } catch (err) {
      const { status, message } = pageRefusal(err);
      return again({ accepting: true, error: { message } }, status);
    }
  }
  if (body.step === 'pay') {
    try {
      return onToCheckout(reply, await joinCheckoutUrl(request, code, signature));
    } catch (err) {
      const { status, message } = pageRefusal(err);
      return again({ error: { message } }, status);
    }
  }
  return again({}, 400);
}

export async function registerJoinPage(app: FastifyInstance): Promise<void> {
  const schema = { hide: true } as never;
  app.get<{ Params: Params; Querystring: Query }>('/join/:invitationCode', { schema }, async (request, reply) => {
    const { invitationCode } = request.params;
    const signature = text(request.query.signature) ?? '';
    if (!InvitationCodeParam.safeParse({ invitationCode }).success)
      return lookupPage(reply, signature ? 403 : 200, '', signature ? { notice: BAD_LINK_NOTICE } : {});
    return landingPage(request, reply, invitationCode, {
      signature,
      paid: text(request.query.paid) === '1',
      accepting: text(request.query.step) === 'accept',
    });
  });
  app.post<{ Params: Params; Querystring: Query; Body: Body }>(
    '/join/:invitationCode',
    { schema, bodyLimit: 4096 },
    async (request, reply) => {
      if (!InvitationCodeParam.safeParse(request.params).success) return lookupPage(reply, 400, '');
      return postStep(request, reply);
    },
  );
}
