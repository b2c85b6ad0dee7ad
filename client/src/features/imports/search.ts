import { ImportListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The imports screen's URL state: the past imports list's query. */
export const importsSearch = listSearchSchema(ImportListQuery);
