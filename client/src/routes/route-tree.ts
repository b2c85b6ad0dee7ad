import { rootRoute } from './root';
import { indexRoute } from './index';
import { loginRoute } from './login';
import { adminRoute } from './admin';
import { adminHomeRoute } from './admin-home';
import { adminProfileRoute } from './admin-profile';
import { adminCalendarRoute } from './admin-calendar';

/** The whole route tree: each area adds its routes under adminRoute here, one line each. */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  adminRoute.addChildren([
    adminHomeRoute,
    adminProfileRoute,
    adminCalendarRoute,
  ]),
]);
