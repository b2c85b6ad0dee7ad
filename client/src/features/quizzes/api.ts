import { quizzesContract, QUIZ_MESSAGES } from '@app/contract';
import { questionnaireArea } from '../../api/questionnaire-area';

/** Quizzes (spec 03 §2): list, one quiz with its questions, create and rename, its questions and delete. */
export const quizzesArea = questionnaireArea('quizzes', quizzesContract, QUIZ_MESSAGES);
