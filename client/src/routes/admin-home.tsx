import { createRoute } from '@tanstack/react-router';
import { Title } from '@mantine/core';
import { adminRoute } from './admin';

export const adminHomeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: function AdminHome() {
    const { account } = adminRoute.useRouteContext();
    return <Title order={2}>Welcome, {account.firstName}</Title>;
  },
});
