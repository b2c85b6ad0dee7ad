import { useCallback } from 'react';
import type { Invitee } from '@app/contract';
import { useFeeActions } from '../../components/payment-actions';

/** An invitee row's Payment menu (Record Payment, Complete Without Payment) and its drawer, for the invitee lists. */
export function useInviteeFeeMenu() {
  const fee = useFeeActions('invitee', { compact: true });
  const { menu } = fee;
  const feeMenu = useCallback(
    (i: Invitee) =>
      menu({ id: i.id, name: [i.firstName, i.lastName].filter(Boolean).join(' ') || i.email, email: i.email }),
    [menu],
  );
  return { feeMenu, panel: fee.panel };
}
