// How the audit log and the History panels name what they show (issue 40, rough edge 10): each audited entity
// (the table a row trigger names) by its screen's name and link, each audited column (camelCase, as the API
// says it) by its form's label and how its value is shown. The server's facets and its name lookup, and the
// client's rendering, all read this one mapping; anything unmapped falls back to a humanised name.

/** The tables whose ids the server resolves to a name for the log (`names` of an audit entry). */
export const AUDIT_REF_TABLES = [
  'accounts',
  'chapters',
  'institutions',
  'invitations',
  'email_templates',
  'invitation_tests',
  'files',
  'programs',
  'api_keys',
  'roles',
] as const;
export type AuditRefTable = (typeof AUDIT_REF_TABLES)[number];

/** How a value is shown: as text, a day, a time, cents as money, yes/no, or the name of the record it refers to. */
export type AuditField = {
  label: string;
  kind?: 'text' | 'day' | 'time' | 'money' | 'boolean';
  ref?: AuditRefTable;
};

type EntityInfo = { label: string; path?: string };

/** Each entity by its screen's name (singular) and the screen a record opens in (`:id` its id). */
const ENTITIES: Record<string, EntityInfo> = {
  institutions: { label: 'Institution', path: '/admin/institutions?edit=:id' },
  chapters: { label: 'Chapter', path: '/admin/chapters/:id/edit' },
  accounts: { label: 'Account', path: '/admin/accounts?edit=:id' },
  invitations: { label: 'Invitation', path: '/admin/logistics/invitations/:id' },
  email_templates: { label: 'Email Template', path: '/admin/tech/email-templates/:id/edit' },
  invitation_emails: { label: 'Invitation Email' },
  invitation_tests: { label: 'A/B Test' },
  invitees: { label: 'Invitee' },
  postal_mails: { label: 'Postal Mailing' },
  blocked_emails: { label: 'Blocked Email' },
  calendar_events: { label: 'Calendar Event' },
  programs: { label: 'Program' },
  program_sections: { label: 'Program Section' },
  program_components: { label: 'Program Component' },
  lesson_segments: { label: 'Lesson Segment' },
  ai_chat_templates: { label: 'AI Chat Template' },
  ai_video_templates: { label: 'AI Video Template' },
  assessments: { label: 'Assessment' },
  quizzes: { label: 'Quiz' },
  surveys: { label: 'Survey' },
  payments: { label: 'Payment' },
  imports: { label: 'Import' },
  import_rejected: { label: 'Rejected Import Rows' },
  api_keys: { label: 'API Key' },
  roles: { label: 'Role' },
  certificates: { label: 'Certificate' },
  member_profiles: { label: 'Member Profile', path: '/admin/accounts?edit=:id' },
  society_settings: { label: 'Society Settings' },
  badge_credentials: { label: 'Open Badge' },
  email_domain_caps: { label: 'Domain Cap' },
  email_warmup_schedule: { label: 'Warm-up Schedule' },
};

const at = (label: string): AuditField => ({ label, kind: 'time' });
const day = (label: string): AuditField => ({ label, kind: 'day' });
const yes = (label: string): AuditField => ({ label, kind: 'boolean' });
const ref = (label: string, table: AuditRefTable): AuditField => ({ label, ref: table });
const money = (label: string): AuditField => ({ label, kind: 'money' });

/** Columns by the labels of the forms that edit them (institution, chapter, account, invitation, email template). */
const FIELDS: Record<string, AuditField> = {
  id: { label: 'Id' },
  legacyId: { label: 'Legacy Id' },
  name: { label: 'Name' },
  abbreviation: { label: 'Abbreviation' },
  address: { label: 'Address' },
  logoId: ref('Logo', 'files'),
  financialModel: { label: 'Financial Model' },
  religiousAffiliation: { label: 'Religious Affiliation' },
  institutionId: ref('Institution', 'institutions'),
  chapterId: ref('Chapter', 'chapters'),
  accountId: ref('Account', 'accounts'),
  invitationId: ref('Invitation', 'invitations'),
  templateId: ref('Template', 'email_templates'),
  testId: ref('A/B Test Variable', 'invitation_tests'),
  programId: ref('Program', 'programs'),
  databaseId: ref('Database', 'files'),
  fileId: ref('File', 'files'),
  active: yes('Active'),
  acceptingMembers: yes('Accepting Members'),
  invitationAdvisor1Name: { label: 'Advisor 1 Name' },
  invitationAdvisor1Title: { label: 'Advisor 1 Title' },
  invitationAdvisor1Department: { label: 'Advisor 1 Department' },
  invitationAdvisor1Email: { label: 'Advisor 1 Email' },
  invitationAdvisor1SignatureId: ref('Advisor 1 Signature', 'files'),
  invitationAdvisor2Name: { label: 'Advisor 2 Name' },
  invitationAdvisor2Email: { label: 'Advisor 2 Email' },
  invitationAdvisor2SignatureId: ref('Advisor 2 Signature', 'files'),
  invitationPresidentName: { label: 'President Name' },
  invitationPresidentEmail: { label: 'President Email' },
  invitationPresidentSignatureId: ref('President Signature', 'files'),
  invitationLandingPage: { label: 'Invitation Landing Page' },
  invitationTestimonialName: { label: 'Testimonial Name' },
  invitationTestimonialTitle: { label: 'Testimonial Title' },
  invitationTestimonialText: { label: 'Testimonial Text' },
  sclaPage: { label: 'SCLA Page' },
  sclaPageImageId: ref('SCLA Page Image', 'files'),
  firstName: { label: 'First Name' },
  lastName: { label: 'Last Name' },
  email: { label: 'Email' },
  phone: { label: 'Phone' },
  invitationCode: { label: 'Invitation Code' },
  admin: yes('Admin'),
  avatarUrl: { label: 'Avatar' },
  chapterIds: { label: 'Chapters' },
  pledgedAt: at('Pledged'),
  memberAt: at('Member Since'),
  deadline: day('Deadline'),
  orientationDate: day('Orientation Date'),
  deliverEmails: yes('Deliver Emails'),
  deliverPostalMails: yes('Deliver Postal Mails'),
  enableTickler: yes('Tickler'),
  cleanJoined: yes('Clean Joined'),
  cleanInviteCount: { label: 'Clean by Invite Count' },
  status: { label: 'Status' },
  statusReason: { label: 'Status Reason' },
  processedAt: at('Processed'),
  subject: { label: 'Subject' },
  body: { label: 'Body' },
  bodyFormat: { label: 'Body Format' },
  templateType: { label: 'Template Type' },
  preview: { label: 'Preview Text' },
  enabled: yes('Enabled'),
  fromName: { label: 'From Name' },
  fromEmail: { label: 'From Email' },
  replyToEmail: { label: 'Reply To' },
  sendScheduledAt: at('Send At'),
  sendStartedAt: at('Send Started'),
  uploadScheduledAt: at('Upload At'),
  uploadStartedAt: at('Upload Started'),
  eventStart: at('Start'),
  eventEnd: at('End'),
  amountCents: money('Amount'),
  refundedCents: money('Refunded'),
  paidAt: at('Paid'),
  refundedAt: at('Refunded At'),
  reviewedAt: at('Reviewed'),
  legacyPledgeAt: at('Pledged'),
  legacyPaidAt: at('Paid'),
  revokedAt: at('Revoked'),
  lastUsedAt: at('Last Used'),
  createdAt: at('Created'),
  updatedBy: ref('Saved By', 'accounts'),
  createdBy: ref('Created By', 'accounts'),
  recordedBy: ref('Recorded By', 'accounts'),
  reviewedBy: ref('Reviewed By', 'accounts'),
  revokedBy: ref('Revoked By', 'accounts'),
  uploadedBy: ref('Uploaded By', 'accounts'),
  perMinute: { label: 'Messages a Minute' },
  limits: { label: 'Daily Limits' },
};

/**
 * A column's or key's name in words, never cut mid-word: `invitationAdvisor1Name` -> 'Invitation advisor 1 name',
 * `import_rejected` -> 'Import rejected'.
 */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An entity's screen name: 'Email Template' for `email_templates`; a humanised name for one not mapped. */
export function auditEntityLabel(entity: string): string {
  return ENTITIES[entity]?.label ?? humanise(entity);
}

/** The screen a record opens in, or null when it has none: `/admin/chapters/12/edit`. */
export function auditEntityPath(entity: string, id: string | null): string | null {
  const path = ENTITIES[entity]?.path;
  return path && id ? path.replace(':id', encodeURIComponent(id)) : null;
}

/** How a changed column (or a detail key) is labelled and shown; unmapped ones by their humanised name. */
export function auditField(key: string): AuditField {
  const field = FIELDS[key];
  if (field) return field;
  if (/At$/.test(key)) return at(humanise(key.replace(/At$/, '')));
  if (/Cents$/.test(key)) return money(humanise(key.replace(/Cents$/, '')));
  return { label: humanise(key) };
}

/** The key an audit entry's `names` holds a record's name under: `chapters:12`. */
export const auditNameKey = (table: string, id: unknown) => `${table}:${String(id)}`;
