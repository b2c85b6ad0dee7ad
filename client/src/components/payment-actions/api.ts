import { useQueryClient } from '@tanstack/react-query';
import {
  COMPLETED_WITHOUT_PAYMENT,
  PAYMENT_RECORDED,
  paymentsContract,
  type RecordPaymentInput,
  type WaiveFeeInput,
} from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ payments: paymentsContract });

/** Whose fee: a member's or pledge's account (members and pledges lists) or an invitee (invitee rows). */
export type FeeSubject = 'account' | 'invitee';

// A payment moves members, pledges, invitees, the payments list and every dashboard figure: re-read whatever is on screen.
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** Record Payment of an account or an invitee: the texts come from the one notification place, field issues to the form. */
export function useRecordPayment(subject: FeeSubject) {
  const onSettled = useRefreshAll();
  const options = { meta: { successMessage: PAYMENT_RECORDED, formIssues: true }, onSettled };
  const account = tsr.payments.recordForAccount.useMutation(options);
  const invitee = tsr.payments.recordForInvitee.useMutation(options);
  const mutation = subject === 'account' ? account : invitee;
  return (id: number, body: RecordPaymentInput) => mutation.mutateAsync({ params: { id }, body });
}

/** Complete Without Payment of an account or an invitee. */
export function useWaiveFee(subject: FeeSubject) {
  const onSettled = useRefreshAll();
  const options = { meta: { successMessage: COMPLETED_WITHOUT_PAYMENT }, onSettled };
  const account = tsr.payments.waiveForAccount.useMutation(options);
  const invitee = tsr.payments.waiveForInvitee.useMutation(options);
  const mutation = subject === 'account' ? account : invitee;
  return (id: number, body: WaiveFeeInput) => mutation.mutate({ params: { id }, body });
}
