import { QuestionnaireListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The quiz list's URL state: the contract's list query (URL-tolerant). */
export const quizzesSearch = listSearchSchema(QuestionnaireListQuery);
