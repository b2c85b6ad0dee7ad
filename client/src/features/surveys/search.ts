import { QuestionnaireListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The survey list's URL state: the contract's list query (URL-tolerant). */
export const surveysSearch = listSearchSchema(QuestionnaireListQuery);
