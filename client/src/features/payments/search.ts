import { PaymentListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The payments screen's URL state: the contract's list query, URL-tolerant. */
export const paymentsSearch = listSearchSchema(PaymentListQuery);
