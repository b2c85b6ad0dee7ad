export { useFeeActions } from './fee-actions';
export type { FeeTarget } from './record-payment-form';
