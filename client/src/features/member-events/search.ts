import { MemberEventListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit';

/** The member's event list in the URL: page, pageSize and `hasRsvp=1` for "My RSVPs". */
export const memberEventsSearch = listSearchSchema(MemberEventListQuery);
