import { sql } from 'kysely';
import type { Db } from '../../../server/src/db/database.js';
import type { Storage } from '../../../server/src/plugins/storage.js';
import { seedDemo } from '../../../scripts/seed/demo.js';
import { joinSignature } from '../../../server/src/services/join/join-link.js';
import { memberCertificate } from '../../../server/src/services/certificates/certificates.js';
import { issuerKey } from '../../../server/src/services/badges/issuer.js';
import { rotateIssuerKey } from '../../../server/src/services/badges/rotate.js';

/**
 * The sweep's data: the demo seed every area extends (scripts/seed/demo.ts), a few members and pledges,
 * and the value of each route parameter name (`$chapterId` ...). A new route with a new parameter adds
 * one line to `params` below; the sweep says so when one is missing.
 */
export async function seedSweep(db: Db, storage: Storage): Promise<Record<string, string>> {
  await seedDemo(db, 12, undefined, storage);
  const first = async (table: string, column = 'id') => {
    const { rows } = await sql<{
      v: unknown;
    }>`select ${sql.ref(column)} as v from ${sql.table(table)} order by id limit 1`.execute(db);
    if (!rows[0]) throw new Error(`The sweep seed has no ${table} row`);
    return String(rows[0].v);
  };
  const { rows: codes } = await sql<{
    code: string;
  }>`select invitation_code as code from invitees where invitation_code is not null and not removed order by id limit 1`.execute(
    db,
  );
  await longestInvitee(db);
  // Society Settings lists the issuer keys: key-1 (verifies earlier badges) and key-2 (current), after a rotation.
  await issuerKey(db, {}, 'http://sweep.example');
  await rotateIssuerKey(db, {}, 'http://sweep.example', { leaked: false });
  const invitationCode = codes[0]?.code;
  if (!invitationCode) throw new Error('The sweep seed has no invitee with an invitation code');
  return {
    chapterId: await first('chapters'),
    institutionId: await first('institutions'),
    templateId: await first('email_templates'),
    invitationId: await first('invitations'),
    inviteeId: await first('invitees'),
    quizId: await first('quizzes'),
    surveyId: await first('surveys'),
    programSlug: await first('programs', 'slug'),
    lessonSlug: 'demo-lesson',
    // The member's program view (/member/programs/$slug): the demo program.
    slug: await first('programs', 'slug'),
    assessmentId: await first('assessments'),
    aiVideoTemplateId: await first('ai_video_templates'),
    aiTemplateId: await first('ai_chat_templates'),
    // The unsubscribe page of a test send (email '0'), which answers without a signed call (spec 02 §7).
    emailId: '0',
    // The join landing page: an invitee's code, and its signed link's search.
    invitationCode,
    joinSearch: `signature=${await joinSignature(db, invitationCode)}`,
    // The public certificate check (/verify/$id): a demo member's certificate, issued here.
    id: await demoCertificate(db),
  };
}

/**
 * The first invitation's second invitee gets the longest name and email its fields allow (issue 35 §6: row
 * actions sat past the table's edge with long values): a 254-character address, names of 60 letters each.
 */
async function longestInvitee(db: Db): Promise<void> {
  const local = 'maximiliana.featherstonehaugh-wolfeschlegelsteinhausenbergerdorf'; // 64, the most a local part may have
  const domain = [
    'registrar-office-of-undergraduate-admissions-and-student-recor',
    'x'.repeat(63),
    'y'.repeat(58),
    'edu',
  ];
  const email = `${local}@${domain.join('.')}`; // 254
  await sql`update invitees set first_name = ${'Maximiliana-Alexandrina-Josephine-Bartholomea-Wilhelmina'},
    last_name = ${'Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff'}, email = ${email}
    where id = (select id from invitees where invitation_id = (select min(id) from invitations)
      and not removed order by id offset 1 limit 1)`.execute(db);
}

/** A demo member's membership certificate (issued on first request), by its public id. */
async function demoCertificate(db: Db): Promise<string> {
  const { rows } = await sql<{
    id: number;
  }>`select id from accounts where member_at is not null order by id limit 1`.execute(db);
  const certificate = rows[0] && (await memberCertificate(db, rows[0].id));
  if (!certificate) throw new Error('The sweep seed has no member to issue a certificate to');
  return certificate.id;
}
