import { apiRouter, PaymentListQuery, paymentsContract } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ payments: paymentsContract });
const routes = apiRouter({ payments: paymentsContract }).payments;

/** The payments list (issue 23): read-only, exported with its filters. */
export const paymentsArea = createArea(
  'payments',
  { list: tsr.payments.list },
  { listQuery: PaymentListQuery, exportRoute: routes.export },
);
