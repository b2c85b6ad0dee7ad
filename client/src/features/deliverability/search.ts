import { DomainDayQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The deliverability page's URL state: the per-domain-and-day list's query (range, search, sort, page). */
export const deliverabilitySearch = listSearchSchema(DomainDayQuery);
