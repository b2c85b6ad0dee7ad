import { createRoute } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { ProfilePage } from '../features/profile/profile-page';

export const adminProfileRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/profile',
  component: function AdminProfile() {
    const { account } = adminRoute.useRouteContext();
    return <ProfilePage account={account} />;
  },
});
