import { useQueryClient } from '@tanstack/react-query';
import { apiRouter, PAYMENT_APPLIED, PAYMENT_REFUNDED, PaymentListQuery, paymentsContract } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ payments: paymentsContract });
const routes = apiRouter({ payments: paymentsContract }).payments;

/** The payments list (issue 23), exported with its filters; payments to review are applied or refunded from it. */
export const paymentsArea = createArea(
  'payments',
  { list: tsr.payments.list },
  { listQuery: PaymentListQuery, exportRoute: routes.export },
);

/**
 * Apply or refund a payment to review (a Stripe payment the webhook did not apply): a member and dashboards move
 * with it, so every query on screen is read again.
 */
export function useReviewPayment() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries();
  const apply = tsr.payments.applyReview.useMutation({ meta: { successMessage: PAYMENT_APPLIED }, onSettled });
  const refund = tsr.payments.refundReview.useMutation({ meta: { successMessage: PAYMENT_REFUNDED }, onSettled });
  return {
    apply: (id: number) => apply.mutate({ params: { id } }),
    refund: (id: number) => refund.mutate({ params: { id } }),
  };
}
