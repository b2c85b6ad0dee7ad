import { surveysContract, SURVEY_MESSAGES } from '@app/contract';
import { questionnaireArea } from '../../api/questionnaire-area';

/** Surveys (spec 03 §2): list, one survey with its questions, create and rename, its questions and delete. */
export const surveysArea = questionnaireArea('surveys', surveysContract, SURVEY_MESSAGES);
