import { getRouteApi } from '@tanstack/react-router';
import { ConfirmEmailPage } from './confirm-email-page';

const confirmApi = getRouteApi('/confirm-email');

export function ConfirmEmailRoutePage() {
  return <ConfirmEmailPage token={confirmApi.useSearch().token} />;
}
