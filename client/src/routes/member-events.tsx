import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { memberRoute } from './member';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { memberEventsSearch } from '../features/member-events/search';

/** /member/events: upcoming events with RSVP; the All / My RSVPs filter and the page live in the URL. */
export const memberEventsRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/events',
  validateSearch: memberEventsSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/member-events/events-page'), 'MemberEventsPage'),
});
