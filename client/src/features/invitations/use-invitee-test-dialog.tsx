import { lazy, Suspense, useState } from 'react';
import type { Invitee } from '@app/contract';

const InviteeTestDialog = lazy(() => import('./invitee-test-dialog'));

/** The invitee a 'Send Test Email' dialog is open for, and its dialog (loaded when first opened). */
export function useInviteeTestDialog() {
  const [invitee, setInvitee] = useState<Invitee | null>(null);
  const dialog = invitee && (
    <Suspense fallback={null}>
      <InviteeTestDialog invitee={invitee} onClose={() => setInvitee(null)} />
    </Suspense>
  );
  return { open: setInvitee, dialog };
}
