import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { contract } from '@app/contract';
import { clientArgs } from './client-args';

/** The typed hooks for every contract route: `tsr.<area>.<route>.useQuery / useMutation`. */
export const tsr = initTsrReactQuery(contract, clientArgs);
