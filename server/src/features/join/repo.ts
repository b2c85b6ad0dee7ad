import { sql } from 'kysely';
import type { JoinInvitation, JoinState } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import { fileUrl } from '../../services/files.js';

/** Today's UTC day as the invitations' date columns compare (the product's days are UTC). */
const TODAY = sql<string>`(now() at time zone 'utc')::date`;

/** The invitee behind a code with what its state is made of; `for update` when pledging. */
export async function inviteeByCode(db: Db, invitationCode: string, lock = false) {
  let q = db
    .selectFrom('invitees as iv')
    .innerJoin('invitations as inv', 'inv.id', 'iv.invitationId')
    .select([
      'iv.id',
      'iv.invitationId',
      'iv.invitationCode',
      'iv.firstName',
      'iv.lastName',
      'iv.email',
      'iv.removed',
      'iv.legacyPledgeAt',
      'iv.legacyPaidAt',
      'iv.accountId',
      'inv.chapterId',
      'inv.institutionId',
      sql<string>`to_char(inv.deadline, 'YYYY-MM-DD')`.as('deadline'),
      sql<string>`to_char(inv.orientation_date, 'YYYY-MM-DD')`.as('orientationDate'),
      sql<boolean>`inv.deadline < ${TODAY}`.as('pastDeadline'),
    ])
    .where('iv.invitationCode', '=', invitationCode);
  if (lock) q = q.forUpdate('iv');
  return q.executeTakeFirst();
}
export type JoinInvitee = NonNullable<Awaited<ReturnType<typeof inviteeByCode>>>;

/** Spec 02's funnel for one invitee: removed and paid win over the deadline; a pledge made in time stays one. */
export function joinState(iv: Pick<JoinInvitee, 'removed' | 'legacyPledgeAt' | 'legacyPaidAt' | 'pastDeadline'>): JoinState {
  if (iv.removed) return 'removed';
  if (iv.legacyPaidAt) return 'member';
  if (iv.legacyPledgeAt) return 'pledged';
  return iv.pastDeadline ? 'expired' : 'invited';
}

const fileOf = (alias: string) =>
  sql<{ id: number; fileName: string } | null>`(select json_build_object('id', f.id, 'fileName', f.file_name) from files f where f.id = ${sql.ref(alias)})`;

/** The chapter's and institution's landing-page content, files as their public URLs. */
export async function landingContent(db: Db, chapterId: number, institutionId: number) {
  const row = await db
    .selectFrom('chapters as ch')
    .innerJoin('institutions as ins', (j) => j.on('ins.id', '=', institutionId))
    .select([
      'ch.name',
      'ch.abbreviation',
      'ins.name as institutionName',
      'ins.abbreviation as institutionAbbreviation',
      'ch.invitationAdvisor1Name',
      'ch.invitationAdvisor1Title',
      'ch.invitationAdvisor1Department',
      'ch.invitationAdvisor2Name',
      'ch.invitationPresidentName',
      'ch.invitationTestimonialName',
      'ch.invitationTestimonialTitle',
      'ch.invitationTestimonialText',
      'ch.sclaPage',
      fileOf('ch.logo_id').as('logo'),
      fileOf('ins.logo_id').as('institutionLogo'),
      fileOf('ch.invitation_advisor1_signature_id').as('advisor1Signature'),
      fileOf('ch.invitation_advisor2_signature_id').as('advisor2Signature'),
      fileOf('ch.invitation_president_signature_id').as('presidentSignature'),
      fileOf('ch.scla_page_image_id').as('sclaPageImage'),
    ])
    .where('ch.id', '=', chapterId)
    .executeTakeFirstOrThrow();
  const url = (f: { id: number; fileName: string } | null) => (f ? fileUrl(f) : null);
  const advisors: JoinInvitation['advisors'] = [];
  if (row.invitationAdvisor1Name)
    advisors.push({ name: row.invitationAdvisor1Name, title: row.invitationAdvisor1Title, department: row.invitationAdvisor1Department, signatureUrl: url(row.advisor1Signature) });
  if (row.invitationAdvisor2Name) advisors.push({ name: row.invitationAdvisor2Name, title: null, department: null, signatureUrl: url(row.advisor2Signature) });
  return {
    chapter: { name: row.name, abbreviation: row.abbreviation, logoUrl: url(row.logo) },
    institution: { name: row.institutionName, abbreviation: row.institutionAbbreviation, logoUrl: url(row.institutionLogo) },
    advisors,
    president: row.invitationPresidentName ? { name: row.invitationPresidentName, title: 'Chapter President', department: null, signatureUrl: url(row.presidentSignature) } : null,
    testimonial: row.invitationTestimonialText
      ? { name: row.invitationTestimonialName, title: row.invitationTestimonialTitle, text: row.invitationTestimonialText }
      : null,
    sclaPage: row.sclaPage,
    sclaPageImageUrl: url(row.sclaPageImage),
  };
}

/** An account by address (compared lower-cased, as its unique index does), locked for the pledge. */
export function accountByEmail(db: Db, email: string, lock = false) {
  const q = db
    .selectFrom('accounts')
    .select(['id', 'firstName', 'lastName', 'email', 'avatarUrl', 'admin', 'active', 'passwordHash', 'invitationCode', 'pledgedAt', 'memberAt'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase());
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export type NewPledgeAccount = { firstName: string; lastName: string; email: string; passwordHash: string; invitationCode: string; institutionId: number; chapterId: number };

/** A pledge's new account: not admin, active, pledged now. */
export function createPledgeAccount(trx: Trx, a: NewPledgeAccount) {
  return trx
    .insertInto('accounts')
    .values({ ...a, admin: false, active: true, pledgedAt: sql<Date>`now()`, address: '{}' })
    .returning(['id', 'firstName', 'lastName', 'email', 'avatarUrl', 'admin'])
    .executeTakeFirstOrThrow();
}

/** Links an existing account to the invitation: what it lacks (pledge time, code, school) is filled, nothing it has is changed. */
export async function linkPledgeAccount(trx: Trx, accountId: number, link: { invitationCode: string; institutionId: number; chapterId: number; passwordHash?: string }) {
  const codeFree = !(await trx.selectFrom('accounts').select('id').where('invitationCode', '=', link.invitationCode).where('id', '<>', accountId).executeTakeFirst());
  return trx
    .updateTable('accounts')
    .set((eb) => ({
      pledgedAt: eb.fn.coalesce('pledgedAt', sql<Date>`now()`),
      invitationCode: codeFree ? eb.fn.coalesce('invitationCode', eb.val(link.invitationCode)) : eb.ref('invitationCode'),
      institutionId: eb.fn.coalesce('institutionId', eb.val(link.institutionId)),
      chapterId: eb.fn.coalesce('chapterId', eb.val(link.chapterId)),
      ...(link.passwordHash ? { passwordHash: link.passwordHash } : {}),
      updatedAt: sql<Date>`now()`,
    }))
    .where('id', '=', accountId)
    .returning(['id', 'firstName', 'lastName', 'email', 'avatarUrl', 'admin'])
    .executeTakeFirstOrThrow();
}

/** The invitee's pledge: its time (kept from the first) and its account. */
export function recordInviteePledge(trx: Trx, inviteeId: number, accountId: number) {
  return trx
    .updateTable('invitees')
    .set((eb) => ({ legacyPledgeAt: eb.fn.coalesce('legacyPledgeAt', sql<Date>`now()`), accountId, updatedAt: sql<Date>`now()` }))
    .where('id', '=', inviteeId)
    .execute();
}
