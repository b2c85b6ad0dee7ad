import { createRoute } from '@tanstack/react-router';
import { memberRoute } from './member';
import { listSearchMiddlewares } from '../components/list-kit';
import { MemberEventsPage } from '../features/member-events/events-page';
import { memberEventsSearch } from '../features/member-events/search';

/** /member: upcoming events with RSVP; the All / My RSVPs filter and the page live in the URL. */
export const memberEventsRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/',
  validateSearch: memberEventsSearch,
  search: { middlewares: listSearchMiddlewares },
  component: MemberEventsPage,
});
