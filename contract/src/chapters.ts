import { z } from 'zod';
import { Address, AddressInput } from './common/address.js';
import { UploadedFile, fileRef } from './common/file.js';
import { nullableInt, nullableText, refId, requiredText } from './common/fields.js';
import { adminAreaContract } from './common/area-routes.js';
import { ABBREVIATION_MAX } from './institutions.js';
import { ChapterListQuery } from './list-queries/chapters.js';

export * from './list-queries/chapters.js';

/** Spec 01 §7 destination folders of a chapter's uploads. */
export const CHAPTER_FOLDERS = {
  logo: 'public/chapters/logos',
  signature: 'public/chapters/leaders-signatures',
  sclaPageImage: 'public/chapters/scla-page',
} as const;

export const INSTITUTION_REQUIRED = 'Institution is required';
export const INSTITUTION_NOT_FOUND = 'Institution not found';

/** Spec 01 §3 Chapter: invitation leaders. Advisor 1 also has a title and a department. */
export const InvitationLeader = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  signature: UploadedFile.nullable(),
});
export type InvitationLeader = z.infer<typeof InvitationLeader>;

export const InvitationAdvisor = InvitationLeader.extend({
  title: z.string().nullable(),
  department: z.string().nullable(),
});
export type InvitationAdvisor = z.infer<typeof InvitationAdvisor>;

export const Chapter = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string(),
  institution: z.object({ id: z.number().int(), name: z.string() }),
  active: z.boolean(),
  acceptingMembers: z.boolean(),
  legacyId: z.number().int().nullable(),
  address: Address,
  logo: UploadedFile.nullable(),
  logoUrl: z.string().nullable(),
  invitationAdvisor1: InvitationAdvisor,
  invitationAdvisor2: InvitationLeader,
  invitationPresident: InvitationLeader,
  invitationLandingPage: z.string().nullable(),
  invitationTestimonialName: z.string().nullable(),
  invitationTestimonialTitle: z.string().nullable(),
  invitationTestimonialText: z.string().nullable(),
  sclaPage: z.string().nullable(),
  sclaPageImage: UploadedFile.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chapter = z.infer<typeof Chapter>;

/** A stored file's id, or none. */
const fileId = fileRef('File id');

/** Blank is none; otherwise a valid email address. */
const leaderEmail = z
  .string({ invalid_type_error: 'Invalid email' })
  .trim()
  .max(254, 'Email must be 254 characters or less')
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!z.string().email().safeParse(v).success) {
      ctx.addIssue({ code: 'custom', message: 'Invalid email' });
      return z.NEVER;
    }
    return v;
  });

const leaderInput = (label: string) => ({
  name: nullableText(255, `${label} Name`),
  email: leaderEmail,
  signatureId: fileId,
});

const InvitationLeaderInput = z
  .object(leaderInput('Leader'))
  .nullish()
  .transform((v) => ({
    name: v?.name ?? null,
    email: v?.email ?? null,
    signatureId: v?.signatureId ?? null,
  }));

const InvitationAdvisorInput = z
  .object({ ...leaderInput('Advisor'), title: nullableText(255, 'Title'), department: nullableText(255, 'Department') })
  .nullish()
  .transform((v) => ({
    name: v?.name ?? null,
    title: v?.title ?? null,
    department: v?.department ?? null,
    email: v?.email ?? null,
    signatureId: v?.signatureId ?? null,
  }));

/** Create and update body; the same schema checks the form in the browser (spec 01 §5 texts). */
export const ChapterInput = z.object({
  name: requiredText('Name is required', 255, 'Name must be 255 characters or less'),
  abbreviation: requiredText(
    'Abbreviation is required',
    ABBREVIATION_MAX,
    'Abbreviation must be 12 characters or less',
  ),
  institutionId: refId(INSTITUTION_REQUIRED, INSTITUTION_NOT_FOUND),
  // Spec 01 §4: a new chapter is active and accepting members.
  active: z.boolean({ invalid_type_error: 'Active must be true or false' }).default(true),
  acceptingMembers: z.boolean({ invalid_type_error: 'Accepting Members must be true or false' }).default(true),
  legacyId: nullableInt('Legacy Id')
    .optional()
    .transform((v) => v ?? null),
  address: AddressInput,
  logoId: fileId,
  invitationAdvisor1: InvitationAdvisorInput,
  invitationAdvisor2: InvitationLeaderInput,
  invitationPresident: InvitationLeaderInput,
  invitationLandingPage: nullableText(500, 'Invitation Landing Page'),
  invitationTestimonialName: nullableText(255, 'Testimonial Name'),
  invitationTestimonialTitle: nullableText(255, 'Testimonial Title'),
  invitationTestimonialText: nullableText(5000, 'Testimonial Text'),
  sclaPage: nullableText(500, 'SCLA Page'),
  sclaPageImageId: fileId,
});
export type ChapterInput = z.input<typeof ChapterInput>;

export const chaptersContract = adminAreaContract(
  'chapters',
  '/admin/chapters',
  { item: Chapter, input: ChapterInput, query: ChapterListQuery },
  {
    noun: 'chapter',
    list: 'List chapters (search by chapter or institution name or abbreviation; filter active and acceptingMembers as 1/0)',
    create: 'Create a chapter (active and accepting members unless told otherwise)',
  },
);
