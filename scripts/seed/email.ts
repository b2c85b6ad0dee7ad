import type { Db } from '../../server/src/db/database.js';
import type { EmailEventName } from '../../server/src/db/tables/email.js';

const mjml = (heading: string, body: string) => `<mjml>
  <mj-body background-color="#f4f5fb">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="20px" font-weight="600">${heading}</mj-text>
        <mj-text font-size="15px" line-height="1.6">${body}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

export const DEMO_TEMPLATES = [
  {
    name: 'Fall invitation',
    type: 'Invitation',
    subject: '{{firstName}}, you are invited to join {{chapterName}}',
    preview: 'Your invitation to the honor society',
    body: mjml(
      'Dear {{firstName}},',
      'The {{chapterName}} at {{institutionName}} invites you to join. Accept by {{deadline}}.<br/><br/><a href="{{joinUrl}}">Accept the invitation</a><br/><br/><a href="{{unsubscribeUrl}}">Unsubscribe</a>',
    ),
  },
  {
    name: 'Invitation reminder (tickler)',
    type: 'InvitationTickler',
    subject: 'One step left, {{firstName}}',
    preview: 'Complete your membership',
    body: mjml(
      'Hi {{firstName}},',
      'You accepted the invitation of {{chapterName}}: complete your membership before {{deadline}}.<br/><br/><a href="{{joinUrl}}">Complete your membership</a>',
    ),
  },
  {
    name: 'Welcome',
    type: 'WelcomeEmail',
    subject: 'Welcome to {{chapterName}}, {{firstName}}',
    preview: 'Welcome aboard',
    body: mjml('Welcome, {{firstName}}!', 'Your membership of {{chapterName}} is complete.'),
  },
  {
    name: 'Welcome (fee waived)',
    type: 'WelcomeEmailNoPayment',
    subject: 'Welcome to {{chapterName}}, {{firstName}}',
    preview: 'Your membership is complete',
    body: mjml(
      'Welcome, {{firstName}}!',
      'Your membership of {{chapterName}} is complete: your membership fee was waived, so there is nothing to pay.',
    ),
  },
] as const;

/** The demo email templates (one per type, version 1 each), added once (matched by name). */
export async function seedEmailTemplates(db: Db): Promise<number> {
  const existing = new Set((await db.selectFrom('emailTemplates').select('name').execute()).map((r) => r.name));
  const missing = DEMO_TEMPLATES.filter((t) => !existing.has(t.name));
  for (const t of missing) {
    await db.transaction().execute(async (trx) => {
      const fields = {
        subject: t.subject,
        body: t.body,
        bodyFormat: 'mjml' as const,
        preview: t.preview,
        fromName: 'Honor Society',
        fromEmail: 'invitations@example.org',
        replyToEmail: 'hello@example.org',
      };
      const { id } = await trx
        .insertInto('emailTemplates')
        .values({ ...fields, name: t.name, templateType: t.type })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('emailTemplateVersions')
        .values({ ...fields, templateId: id, version: 1 })
        .execute();
    });
  }
  return missing.length;
}

/** A few blocked addresses: one added by staff, one by an unsubscribe. */
export async function seedBlockedEmails(db: Db): Promise<number> {
  const { numInsertedOrUpdatedRows } = await db
    .insertInto('blockedEmails')
    .values([
      {
        email: 'no-mail@example.edu',
        emailType: 'All',
        reason: 'Asked by phone not to be contacted',
        feedbackType: 'manual',
      },
      {
        email: 'left.early@example.edu',
        emailType: 'Invitation',
        reason: 'Unsubscribed from an invitation',
        feedbackType: 'unsub',
      },
    ])
    .onConflict((oc) => oc.columns(['email', 'emailType']).doNothing())
    .executeTakeFirst();
  return Number(numInsertedOrUpdatedRows ?? 0);
}

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const DEMO_INVITEES = [
  ['Ms.', 'Avery', 'Nguyen', 'avery.nguyen@example.edu'],
  ['Mr.', 'Jordan', 'Patel', 'jordan.patel@example.edu'],
  ['Ms.', 'Riley', 'Okafor', 'riley.okafor@example.edu'],
  ['Mx.', 'Casey', 'Lindqvist', 'casey.lindqvist@example.edu'],
  ['Mr.', 'Sam', 'Moreau', 'sam.moreau@example.edu'],
] as const;

/**
 * One Ready invitation at the first chapter with five invitees (delivering emails and postal mail), a
 * reminder of the first Invitation template sent to them yesterday (send log rows with events, and their
 * copies in the local outbox) and another scheduled a week ahead.
 */
export async function seedInvitationEmails(db: Db): Promise<number> {
  if (await db.selectFrom('invitations').select('id').executeTakeFirst()) return 0;
  const chapter = await db
    .selectFrom('chapters')
    .select(['id', 'institutionId', 'abbreviation'])
    .orderBy('id')
    .executeTakeFirst();
  const version = await db
    .selectFrom('emailTemplateVersions as v')
    .innerJoin('emailTemplates as t', 't.id', 'v.templateId')
    .select(['v.id', 'v.templateId', 'v.subject', 'v.fromName', 'v.fromEmail'])
    .where('t.templateType', '=', 'Invitation')
    .orderBy('v.id')
    .executeTakeFirst();
  if (!chapter || !version) return 0;
  return db.transaction().execute(async (trx) => {
    const { id: invitationId } = await trx
      .insertInto('invitations')
      .values({
        chapterId: chapter.id,
        institutionId: chapter.institutionId,
        deadline: daysAhead(30),
        orientationDate: daysAhead(37),
        deliverPostalMails: true,
        status: 'Ready',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const yesterday = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 24 * 3_600_000);
    const [sentReminder] = await trx
      .insertInto('invitationEmails')
      .values([
        {
          invitationId,
          templateId: version.templateId,
          sendScheduledAt: yesterday,
          sendStartedAt: yesterday,
          sendStatus: 'Success',
          templateVersionId: version.id,
          recipients: DEMO_INVITEES.length,
        },
        {
          invitationId,
          templateId: version.templateId,
          sendScheduledAt: new Date(yesterday.getTime() + 8 * 86_400_000),
          inviteCount: '2nd time',
        },
      ])
      .returning('id')
      .execute();
    const invitees = await trx
      .insertInto('invitees')
      .values(
        DEMO_INVITEES.map(([salutation, firstName, lastName, email], i) => ({
          invitationId,
          rowNumber: i + 2,
          salutation,
          firstName,
          lastName,
          email,
          invitationCode: `${chapter.abbreviation.toUpperCase()}-DEMO-${invitationId}-${i + 1}`,
          inviteCount: 1 + (i % 3),
        })),
      )
      .returning(['id', 'email', 'firstName'])
      .execute();
    for (const [i, invitee] of invitees.entries()) {
      const subject = version.subject
        .replaceAll('{{firstName}}', invitee.firstName)
        .replaceAll('{{chapterName}}', 'the chapter');
      const { id: sendId } = await trx
        .insertInto('emailSends')
        .values({
          source: 'invitation_email',
          sourceId: String(sentReminder!.id),
          recipientKey: String(invitee.id),
          emailTo: invitee.email,
          emailType: 'Invitation',
          templateVersionId: version.id,
          inviteeId: invitee.id,
          invitationId,
          subject,
          status: 'sent',
          sendAt: new Date(Date.now() - (i + 1) * 3_600_000),
          sent: true,
          delivered: true,
          opened: i < 3,
          clicked: i < 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const events: EmailEventName[] = [
        'sent',
        'delivered',
        ...(i < 3 ? (['opened'] as const) : []),
        ...(i < 1 ? (['clicked'] as const) : []),
      ];
      await trx
        .insertInto('emailEvents')
        .values(
          events.map((name, k) => ({ sendId, name, eventAt: new Date(Date.now() - (i + 1) * 3_600_000 + k * 60_000) })),
        )
        .execute();
      await trx
        .insertInto('emailOutbox')
        .values({
          sendId,
          fromAddress: `${version.fromName} <${version.fromEmail}>`,
          toAddress: invitee.email,
          subject,
          html: `<p>Dear ${invitee.firstName},</p><p>You are invited to join the chapter.</p>`,
          text: `Dear ${invitee.firstName},\n\nYou are invited to join the chapter.`,
          headers: { 'Message-ID': `<demo-${sendId}@example.org>` },
        })
        .execute();
    }
    return invitees.length;
  });
}
