import { inScope, invitationReachable } from '../../services/auth/chapter-scope.js';
import { contract, REMINDER_MESSAGES, TEST_EMAIL_SENT } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { queueTestSend } from '../../test/mail-send.js';
import { currentVersionId } from '../../services/mail/template-version.js';
import * as repo from './repo.js';
import { weeklyStats } from './weekly-stats.js';
import { projectReminder } from './projection.js';
import { mailConfig } from '../../services/mail/mail-config.js';

/** The invitation a reminder belongs to; 404 when it does not exist, 409 when it sends no emails. */
async function emailingInvitation(app: FastifyInstance, id: number) {
  const invitation = await app.db
    .selectFrom('invitations')
    .select(['id', 'deliverEmails'])
    .where('id', '=', id)
    .where(inScope('invitations.chapterId'))
    .executeTakeFirst();
  if (!invitation) throw notFound('Invitation');
  if (!invitation.deliverEmails) throw new AppError(409, REMINDER_MESSAGES.noEmails);
  return invitation;
}

async function checkTemplate(app: FastifyInstance, templateId: number) {
  if (!(await repo.usableTemplate(app.db, templateId))) {
    throw new AppError(400, REMINDER_MESSAGES.templateRequired, 'Choose an enabled template of type Invitation.', [
      { path: ['templateId'], message: REMINDER_MESSAGES.templateRequired },
    ]);
  }
}

/** A reminder due now (saved for the current hour) starts at once instead of at the next minute's pass. */
async function startIfDue(app: FastifyInstance, sendScheduledAt: string) {
  if (new Date(sendScheduledAt).getTime() <= Date.now()) await app.jobs.send('start-due-reminders', {});
}

export const invitationEmailRoutes = s.router(contract.invitationEmails, {
  listAll: async ({ query, request }) => ({ status: 200, body: await repo.listAllReminders(request.server.db, query) }),

  weeklyStats: async ({ query, request }) => ({ status: 200, body: await weeklyStats(request.server.db, query) }),

  list: async ({ params, query, request }) => {
    const { db } = request.server;
    if (!(await invitationReachable(db, params.id))) throw notFound('Invitation');
    return { status: 200, body: await repo.listReminders(db, params.id, query) };
  },

  create: async ({ params, body, request }) => {
    const app = request.server;
    await emailingInvitation(app, params.id);
    await checkTemplate(app, body.templateId);
    const id = await repo.insertReminder(app.db, params.id, body, request.account!.id);
    await startIfDue(app, body.sendScheduledAt);
    return { status: 201, body: (await repo.getReminder(app.db, id))! };
  },

  update: async ({ params, body, request }) => {
    const app = request.server;
    await emailingInvitation(app, params.id);
    await checkTemplate(app, body.templateId);
    await app.db.transaction().execute(async (trx) => {
      const found = await repo.lockReminder(trx, params.id, params.emailId);
      if (!found) throw notFound('Email reminder');
      if (found.sendStartedAt || !(await repo.updateReminder(trx, params.emailId, body, request.account!.id))) {
        throw new AppError(409, REMINDER_MESSAGES.started);
      }
    });
    await startIfDue(app, body.sendScheduledAt);
    return { status: 200, body: (await repo.getReminder(app.db, params.emailId))! };
  },

  remove: async ({ params, request }) => {
    await request.server.db.transaction().execute(async (trx) => {
      const found = await repo.lockReminder(trx, params.id, params.emailId);
      if (!found) throw notFound('Email reminder');
      if (found.sendStartedAt || !(await repo.deleteReminder(trx, params.emailId)))
        throw new AppError(409, REMINDER_MESSAGES.started);
    });
    return { status: 204, body: undefined };
  },

  projection: async ({ params, query, request }) => {
    const app = request.server;
    if (!(await invitationReachable(app.db, params.id))) throw notFound('Invitation');
    const mail = mailConfig(app.config);
    return {
      status: 200,
      body: await projectReminder(app.db, params.id, query, {
        quota: mail.EMAIL_DAILY_QUOTA,
        ratePerSecond: mail.EMAIL_RATE_PER_SECOND,
        warmupStart: mail.EMAIL_WARMUP_START,
      }),
    };
  },

  sendInviteeTest: async ({ params, body, request }) => {
    const app = request.server;
    const reminder = await repo.getReminder(app.db, params.emailId, params.id);
    if (!reminder) throw notFound('Email reminder');
    const invitee = await app.db
      .selectFrom('invitees')
      .select('id')
      .where('id', '=', params.inviteeId)
      .where('invitationId', '=', params.id)
      .executeTakeFirst();
    if (!invitee) throw notFound('Invitee');
    const versionId = await currentVersionId(app.db, reminder.template.id);
    if (!versionId) throw notFound('Email template');
    const sendId = await queueTestSend(app.db, app.jobs, {
      source: 'invitation_email_test',
      sourceId: String(reminder.id),
      templateVersionId: versionId,
      toEmail: body.toEmail,
      emailType: 'Invitation',
      ref: { inviteeId: invitee.id, invitationId: params.id },
      audited: { entity: 'invitation_emails', entityId: reminder.id },
    });
    return { status: 200, body: { message: TEST_EMAIL_SENT, sendId } };
  },
});
