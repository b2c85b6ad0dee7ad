import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { calendarSearchSchema } from '../features/calendar/search';
import { needs } from './needs';

/** /admin/calendar: the calendar code (FullCalendar) loads only when this route is visited. */
export const adminCalendarRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/calendar',
  ...needs('calendar:read'),
  validateSearch: calendarSearchSchema,
  component: lazyRouteComponent(() => import('../features/calendar/calendar-page'), 'CalendarPage'),
});
