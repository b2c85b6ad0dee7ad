import { sql } from 'kysely';
import type { JoinInvitation } from '@app/contract';
import type { Db } from '../../db/database.js';
import { fileUrl } from '../../services/files.js';
import { joinInviteeQuery } from '../../services/join/invitees.js';
import { preparedStatement } from '../../db/prepared.js';

const fileOf = (alias: string) =>
  sql<{
    id: number;
    fileName: string;
  } | null>`(select json_build_object('id', f.id, 'fileName', f.file_name) from files f where f.id = ${sql.ref(alias)})`;

/**
 * The landing page's statement: the invitee of the code (as `joinInvitee` reads it) with its chapter's and
 * institution's content. The page a student opens from the invitation email is read at every click of a mailing,
 * so it is a prepared statement (issue 38 §5): planned once per connection, not built per request.
 */
const landingRow = preparedStatement('join-landing', (db: Db, invitationCode: string) =>
  joinInviteeQuery(db)
    .innerJoin('chapters as ch', 'ch.id', 'inv.chapterId')
    .innerJoin('institutions as ins', 'ins.id', 'inv.institutionId')
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
      // Issue 40 §11: a member paid through Record Payment before pledging may have an account without a password.
      sql<boolean>`exists (select 1 from accounts a where a.password_hash is not null
        and (a.id = iv.account_id or lower(a.email) = lower(iv.email)))`.as('passwordSet'),
    ])
    .where('iv.invitationCode', '=', invitationCode),
);

/** The landing page's data in one statement (landingRow), files as their public URLs; undefined for an unknown code. */
export async function landing(db: Db, invitationCode: string) {
  const [row] = await landingRow(db, invitationCode);
  if (!row) return undefined;
  const url = (f: { id: number; fileName: string } | null) => (f ? fileUrl(f) : null);
  const advisors: JoinInvitation['advisors'] = [];
  if (row.invitationAdvisor1Name)
    advisors.push({
      name: row.invitationAdvisor1Name,
      title: row.invitationAdvisor1Title,
      department: row.invitationAdvisor1Department,
      signatureUrl: url(row.advisor1Signature),
    });
  if (row.invitationAdvisor2Name)
    advisors.push({
      name: row.invitationAdvisor2Name,
      title: null,
      department: null,
      signatureUrl: url(row.advisor2Signature),
    });
  const content = {
    chapter: { name: row.name, abbreviation: row.abbreviation, logoUrl: url(row.logo) },
    institution: {
      name: row.institutionName,
      abbreviation: row.institutionAbbreviation,
      logoUrl: url(row.institutionLogo),
    },
    advisors,
    president: row.invitationPresidentName
      ? {
          name: row.invitationPresidentName,
          title: 'Chapter President',
          department: null,
          signatureUrl: url(row.presidentSignature),
        }
      : null,
    testimonial: row.invitationTestimonialText
      ? {
          name: row.invitationTestimonialName,
          title: row.invitationTestimonialTitle,
          text: row.invitationTestimonialText,
        }
      : null,
    sclaPage: row.sclaPage,
    sclaPageImageUrl: url(row.sclaPageImage),
  };
  return { invitee: row, content };
}
