export { useFeeActions } from './payment-actions';
export type { FeeTarget } from './record-payment-form';
