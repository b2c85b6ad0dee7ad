import { SURVEY_QUESTION_TYPES, SurveyQuestionInput, type SurveyQuestion } from '@app/contract';
import type { KitQuestion, QuestionKind } from '../../components/question-kit';

/** A survey question's editor: options, a category, 'Maximum options to choose'. */
export const surveyKind: QuestionKind = {
  noun: 'Survey',
  offeredTypes: SURVEY_QUESTION_TYPES,
  schema: SurveyQuestionInput,
  choices: { key: 'options', field: 'option', label: 'Option', plural: 'options', correct: false, feedback: false },
  max: { key: 'maxChosenOptions', label: 'Maximum options to choose' },
  category: true,
  statements: false,
};

/** A survey question for the shared list and editor (its values are the contract input of the question). */
export function toKitQuestion(q: SurveyQuestion): KitQuestion {
  return {
    id: q.id,
    index: q.index,
    question: q.question,
    type: q.type,
    category: q.category,
    maxChosen: q.maxChosenOptions,
    choices: q.options.map((o) => ({ id: o.id, text: o.option })),
    statements: [],
    values: {
      question: q.question,
      type: q.type,
      category: q.category ?? '',
      maxChosenOptions: q.maxChosenOptions,
      options: q.options.map((o) => ({ id: o.id, option: o.option })),
    },
  };
}
