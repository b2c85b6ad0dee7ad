import { publicJoinContract, type JoinInvitation } from '@app/contract';
import { areaClient } from '../../api/tsr';

export const joinClient = areaClient({ publicJoin: publicJoinContract });

export const joinQueryKey = (invitationCode: string, signature?: string) =>
  ['join', invitationCode, signature ?? ''] as const;

/** '$95.00': the fee in the invitation's currency. */
export const formatFee = (j: Pick<JoinInvitation, 'feeCents' | 'currency'>) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: j.currency.toUpperCase() }).format(j.feeCents / 100);

/** 'Friday, December 18, 2026' for a calendar day 'YYYY-MM-DD' (read as that day, whatever the time zone). */
export const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
