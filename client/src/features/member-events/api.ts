import { useQueryClient } from '@tanstack/react-query';
import type { CalendarEventType, MemberEventListQuery } from '@app/contract';
import type { MantineColor } from '@mantine/core';
import { memberEventsContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ memberEvents: memberEventsContract });

export const RSVP_SAVED = 'RSVP saved';
export const RSVP_WITHDRAWN = 'RSVP withdrawn';

/** Query keys of the member's events; an RSVP or a withdrawal invalidates `all`. */
export const memberEventQueries = {
  all: ['member-events'] as const,
  list: (query: MemberEventListQuery) => ['member-events', 'list', query] as const,
};

/** One colour per event type, the same as the staff calendar's. */
export const TYPE_COLORS: Record<CalendarEventType, MantineColor> = {
  General: 'indigo',
  Chapter: 'teal',
  Learning: 'orange',
};

export function useMemberEvents(query: MemberEventListQuery) {
  return tsr.memberEvents.list.useQuery({
    queryKey: memberEventQueries.list(query),
    queryData: { query },
    placeholderData: (previous) => previous,
  });
}

/** RSVP and withdraw for one event; notifications come from the query client. */
export function useRsvpMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: memberEventQueries.all });
  const rsvp = tsr.memberEvents.rsvp.useMutation({ meta: { successMessage: RSVP_SAVED }, onSuccess });
  const withdraw = tsr.memberEvents.withdraw.useMutation({ meta: { successMessage: RSVP_WITHDRAWN }, onSuccess });
  return { rsvp, withdraw };
}
