import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { ProfilePage } from '../features/profile/profile-page';

const adminRouteApi = getRouteApi('/admin');

/** The profile screen's code, loaded when /admin/profile is visited. */
export const Route = createLazyRoute('/admin/profile')({
  component: function AdminProfile() {
    const { account } = adminRouteApi.useRouteContext();
    return <ProfilePage account={account} />;
  },
});
