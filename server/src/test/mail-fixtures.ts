import type { Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import type { BodyFormat, TemplateType } from '../db/tables/email.js';
import type { AppJobs } from '../db/job-queue.js';
import { makeChapter } from './fixtures.js';

export const INVITATION_MJML = `<mjml>
  <mj-head><mj-title>Invitation</mj-title></mj-head>
  <mj-body background-color="#f4f4f4">
    <mj-section background-color="#ffffff">
      <mj-column>
        <mj-text font-size="20px">Dear {{firstName}} {{lastName}},</mj-text>
        <mj-text>You have been selected for membership in the {{chapterName}} chapter. Your invitation code is {{invitationCode}}.</mj-text>
        <mj-button href="https://society.example/accept?code={{invitationCode}}">Accept your invitation</mj-button>
        <mj-text font-size="11px"><a href="{{unsubscribeUrl}}">Unsubscribe</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

/**
 * A template and its first version (what sends name); answers the version id. `templateType` makes it an
 * enabled template of that type (a WelcomeEmail, say), the newest of its type.
 */
export async function makeTemplateVersion(
  db: Kysely<DB>,
  t: Partial<{
    body: string;
    bodyFormat: BodyFormat;
    subject: string;
    preview: string;
    name: string;
    templateType: TemplateType;
  }> = {},
): Promise<number> {
  const values = {
    subject: t.subject ?? 'Your invitation, {{firstName}}',
    body: t.body ?? INVITATION_MJML,
    bodyFormat: t.bodyFormat ?? 'mjml',
    preview: t.preview ?? 'Membership invitation for {{firstName}}',
    fromName: 'Honor Society',
    fromEmail: 'invite@society.example',
    replyToEmail: 'help@society.example',
  };
  const template = await db
    .insertInto('emailTemplates')
    .values({
      name: t.name ?? 'Invitation',
      ...values,
      ...(t.templateType && { templateType: t.templateType, enabled: true }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('emailTemplateVersions')
    .values({ templateId: template.id, version: 1, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return version.id;
}

/** The template a version (from makeTemplateVersion) belongs to. */
export async function templateIdOf(db: Kysely<DB>, versionId: number): Promise<number> {
  const { templateId } = await db
    .selectFrom('emailTemplateVersions')
    .select('templateId')
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
  return templateId;
}

/** An invitation (with its chapter and institution) and `n` invitees; answers their ids and addresses. */
export async function makeInvitees(db: Kysely<DB>, n: number, domain = 'students.example') {
  const { chapterId, institutionId } = await makeChapter(db, ['Mail Test College', 'MTC'], ['Mail Chapter', 'MCH']);
  const invitation = await db
    .insertInto('invitations')
    .values({ chapterId, institutionId, deadline: '2030-01-31', orientationDate: '2030-02-15' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitees = await db
    .insertInto('invitees')
    .values(
      Array.from({ length: n }, (_, i) => ({
        invitationId: invitation.id,
        firstName: `First${i}`,
        lastName: `Last${i}`,
        email: `student${i}@${domain}`,
        invitationCode: `CODE${i}X${invitation.id}`,
      })),
    )
    .returning(['id', 'email', 'firstName', 'lastName', 'invitationCode'])
    .execute();
  return { invitationId: invitation.id, invitees: invitees.sort((a, b) => a.id - b.id) };
}

/** Jobs that record what was sent without a queue (queueEmails' own transaction still commits). */
export function recordingJobs(): AppJobs & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    async send(name: string) {
      sent.push(name);
      return 'job';
    },
  } as unknown as AppJobs & { sent: string[] };
}
