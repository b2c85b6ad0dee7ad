import { INVITATION_DEFAULTS, type Invitation } from '@app/contract';

const { testId: _noTest, ...flags } = INVITATION_DEFAULTS;
const NO_COUNTS = {
  countPreClean: 0,
  countProcessed: 0,
  countValid: 0,
  countFresh: 0,
  countRemoved: 0,
  countPledged: 0,
  countJoined: 0,
  countValidControl: 0,
  countValidVariation: 0,
  countPledgedControl: 0,
  countPledgedVariation: 0,
  countJoinedControl: 0,
  countJoinedVariation: 0,
  revenue: 0,
};

/**
 * A test invitation: #9, Lakeside College's Lakeside Chapter, Ready, with the form's defaults, no
 * database and no counts yet; `over` changes any field.
 *
 * @example const draft = invitationOf({ status: 'Draft', deliverPostalMails: true });
 */
export function invitationOf(over: Partial<Invitation> = {}): Invitation {
  return {
    id: 9,
    chapter: { id: 3, name: 'Lakeside Chapter', acceptingMembers: true },
    institution: { id: 5, name: 'Lakeside College', abbreviation: 'LKC', logoUrl: null },
    deadline: '2030-03-01',
    orientationDate: '2030-03-08',
    database: null,
    ...flags,
    scheduled: { emails: { items: [], total: 0 }, postalMails: { items: [], total: 0 } },
    test: null,
    status: 'Ready',
    statusReason: null,
    ...NO_COUNTS,
    pledgeRate: null,
    paidRate: null,
    abResults: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}
