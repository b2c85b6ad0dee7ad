import { Outlet } from '@tanstack/react-router';

export function AdminShell() {
  return <Outlet />;
}
