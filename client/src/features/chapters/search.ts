import { ChapterListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The chapters list's URL state: the contract's own list query, URL-tolerant. */
export const chaptersSearch = listSearchSchema(ChapterListQuery);
