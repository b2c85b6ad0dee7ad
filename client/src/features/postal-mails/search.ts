import { PostalMailListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The all-postal-mailings screen's URL state: the contract's list query, URL-tolerant. */
export const postalMailsSearch = listSearchSchema(PostalMailListQuery);
