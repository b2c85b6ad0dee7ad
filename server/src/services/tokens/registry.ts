import { MONTH_NAMES, type TokenInfo } from '@app/contract';

/** The rows a token may read; each is present when the send has that subject. */
export type TokenContext = {
  account?: {
    firstName: string;
    lastName: string;
    email: string;
    invitationCode: string | null;
    memberAt: Date | null;
    pledgedAt: Date | null;
  };
  invitee?: {
    salutation: string | null;
    firstName: string;
    lastName: string;
    email: string;
    major: string | null;
    class: string | null;
    invitationCode: string | null;
  };
  /** The invitee's signed join link (built by the resolver: it needs the link secret). */
  joinUrl?: string;
  invitation?: { id: number; deadline: Date; orientationDate: Date };
  chapter?: {
    name: string;
    abbreviation: string;
    invitationAdvisor1Name: string | null;
    invitationAdvisor1Title: string | null;
    invitationPresidentName: string | null;
    invitationLandingPage: string | null;
  };
  institution?: { name: string; abbreviation: string };
};

/** A token: what the screens show about it, and how its value is read from a recipient's rows. */
export type TokenDefinition = TokenInfo & {
  /** Undefined, null or blank: unresolved. Tokens given by the sender (unsubscribeUrl) resolve only from `extra`. */
  resolve: (ctx: TokenContext) => string | null | undefined;
};

/** A calendar day column (read as local midnight): 'March 15, 2026'. */
export const formatDay = (d: Date) => `${MONTH_NAMES[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
/** A moment, by its UTC day (the product's days are UTC). */
export const formatUtcDay = (d: Date) => `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;

const person = (ctx: TokenContext) => ctx.invitee ?? ctx.account;
const PERSON = ['invitee', 'account'] as const;

/**
 * Every token, in the order the template screen lists them. Adding one: a line here (id camelCase,
 * label, description, the subjects that can provide it, a sample for previews, how to resolve it).
 */
export const TOKENS: readonly TokenDefinition[] = [
  {
    id: 'firstName',
    label: 'First name',
    description: "The recipient's first name.",
    subjects: [...PERSON],
    sample: 'Jordan',
    resolve: (c) => person(c)?.firstName,
  },
  {
    id: 'lastName',
    label: 'Last name',
    description: "The recipient's last name.",
    subjects: [...PERSON],
    sample: 'Rivera',
    resolve: (c) => person(c)?.lastName,
  },
  {
    id: 'fullName',
    label: 'Full name',
    description: 'First and last name.',
    subjects: [...PERSON],
    sample: 'Jordan Rivera',
    resolve: (c) => {
      const p = person(c);
      return p && [p.firstName, p.lastName].filter(Boolean).join(' ');
    },
  },
  {
    id: 'email',
    label: 'Email',
    description: "The recipient's email address.",
    subjects: [...PERSON],
    sample: 'jordan.rivera@example.edu',
    resolve: (c) => person(c)?.email,
  },
  {
    id: 'salutation',
    label: 'Salutation',
    description: "The invitee's salutation from the uploaded database (Mr., Ms., ...).",
    subjects: ['invitee'],
    sample: 'Mx.',
    resolve: (c) => c.invitee?.salutation,
  },
  {
    id: 'major',
    label: 'Major',
    description: "The invitee's major from the uploaded database.",
    subjects: ['invitee'],
    sample: 'Biology',
    resolve: (c) => c.invitee?.major,
  },
  {
    id: 'classYear',
    label: 'Class',
    description: "The invitee's class from the uploaded database.",
    subjects: ['invitee'],
    sample: '2028',
    resolve: (c) => c.invitee?.class,
  },
  {
    id: 'invitationCode',
    label: 'Invitation code',
    description: "The invitee's invitation code, or the code a member joined with.",
    subjects: [...PERSON],
    sample: 'NWU-7KQ2P',
    resolve: (c) => (c.invitee ? c.invitee.invitationCode : c.account?.invitationCode),
  },
  {
    id: 'memberSince',
    label: 'Member since',
    description: 'The day the member completed membership.',
    subjects: ['member'],
    sample: 'March 2, 2026',
    resolve: (c) => c.account?.memberAt && formatUtcDay(c.account.memberAt),
  },
  {
    id: 'pledgedOn',
    label: 'Pledged on',
    description: 'The day the member pledged.',
    subjects: ['member'],
    sample: 'February 20, 2026',
    resolve: (c) => c.account?.pledgedAt && formatUtcDay(c.account.pledgedAt),
  },
  {
    id: 'schoolName',
    label: 'School name',
    description: "The recipient's school (the institution's name).",
    subjects: ['institution'],
    sample: 'Northwood University',
    resolve: (c) => c.institution?.name,
  },
  {
    id: 'institutionName',
    label: 'Institution name',
    description: "The institution's name.",
    subjects: ['institution'],
    sample: 'Northwood University',
    resolve: (c) => c.institution?.name,
  },
  {
    id: 'institutionAbbreviation',
    label: 'Institution abbreviation',
    description: "The institution's abbreviation (the invitation code prefix).",
    subjects: ['institution'],
    sample: 'NWU',
    resolve: (c) => c.institution?.abbreviation,
  },
  {
    id: 'chapterName',
    label: 'Chapter name',
    description: "The chapter's name.",
    subjects: ['chapter'],
    sample: 'Northwood Chapter',
    resolve: (c) => c.chapter?.name,
  },
  {
    id: 'chapterAbbreviation',
    label: 'Chapter abbreviation',
    description: "The chapter's abbreviation.",
    subjects: ['chapter'],
    sample: 'NWC',
    resolve: (c) => c.chapter?.abbreviation,
  },
  {
    id: 'advisorName',
    label: 'Advisor name',
    description: "The chapter's first invitation advisor.",
    subjects: ['chapter'],
    sample: 'Dr. Maya Chen',
    resolve: (c) => c.chapter?.invitationAdvisor1Name,
  },
  {
    id: 'advisorTitle',
    label: 'Advisor title',
    description: "The first invitation advisor's title.",
    subjects: ['chapter'],
    sample: 'Dean of Students',
    resolve: (c) => c.chapter?.invitationAdvisor1Title,
  },
  {
    id: 'presidentName',
    label: 'President name',
    description: "The chapter's invitation president.",
    subjects: ['chapter'],
    sample: 'Sam Okafor',
    resolve: (c) => c.chapter?.invitationPresidentName,
  },
  {
    id: 'landingPageUrl',
    label: 'Landing page',
    description: "The chapter's invitation landing page.",
    subjects: ['chapter'],
    sample: 'https://example.org/join/northwood',
    resolve: (c) => c.chapter?.invitationLandingPage,
  },
  {
    id: 'joinUrl',
    label: 'Join link',
    description:
      "The invitee's own signed link to the invitation's landing page (/join/{invitationCode}), where they accept and pay.",
    subjects: ['invitee'],
    sample: 'https://example.org/join/NWU-7KQ2P?signature=sample',
    resolve: (c) => c.joinUrl,
  },
  {
    id: 'deadline',
    label: 'Deadline',
    description: "The invitation's deadline to accept.",
    subjects: ['invitation'],
    sample: 'April 30, 2026',
    resolve: (c) => c.invitation && formatDay(c.invitation.deadline),
  },
  {
    id: 'orientationDate',
    label: 'Orientation date',
    description: "The invitation's orientation day.",
    subjects: ['invitation'],
    sample: 'May 12, 2026',
    resolve: (c) => c.invitation && formatDay(c.invitation.orientationDate),
  },
  {
    id: 'unsubscribeUrl',
    label: 'Unsubscribe link',
    description: "The invitee's signed one-click unsubscribe address; filled in by the sender.",
    subjects: ['invitee'],
    sample: 'https://example.org/unsubscribe',
    resolve: () => undefined,
  },
];

export const tokenById: ReadonlyMap<string, TokenDefinition> = new Map(TOKENS.map((t) => [t.id, t]));

/** The registry as the contract describes it (GET /api/admin/tokens). */
export const tokenInfos = (): TokenInfo[] => TOKENS.map(({ resolve: _resolve, ...info }) => info);

/** Every token's sample value: what previews personalise with. */
export function sampleTokenValues(): Record<string, string> {
  return Object.fromEntries(TOKENS.map((t) => [t.id, t.sample]));
}
