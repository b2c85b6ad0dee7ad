import { getRouteApi } from '@tanstack/react-router';
import { ConfirmEmailPage } from './confirm-email-page';
import { VerifyPage } from './verify-page';

const verifyApi = getRouteApi('/verify/$id');
const confirmApi = getRouteApi('/confirm-email');

export function VerifyRoutePage() {
  return <VerifyPage id={verifyApi.useParams().id} />;
}

export function ConfirmEmailRoutePage() {
  return <ConfirmEmailPage token={confirmApi.useSearch().token} />;
}
