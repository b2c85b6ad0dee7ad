import { QUIZ_OFFERED_TYPES, QuizQuestionInput, type QuizQuestion } from '@app/contract';
import type { KitQuestion, QuestionKind } from '../../components/question-kit';

/** A quiz question's editor: answers with correct and feedback, 'Maximum answers to choose', matcher statements. */
export const quizKind: QuestionKind = {
  noun: 'Quiz',
  offeredTypes: QUIZ_OFFERED_TYPES,
  schema: QuizQuestionInput,
  choices: { key: 'answers', field: 'answer', label: 'Answer', plural: 'answers', correct: true, feedback: true },
  max: { key: 'maxChosenAnswers', label: 'Maximum answers to choose' },
  category: false,
  statements: true,
};

/** A quiz question for the shared list and editor (its values are the contract input of the question). */
export function toKitQuestion(q: QuizQuestion): KitQuestion {
  return {
    id: q.id,
    index: q.index,
    question: q.question,
    type: q.type,
    maxChosen: q.maxChosenAnswers,
    choices: q.answers.map((a) => ({ id: a.id, text: a.answer, correct: a.correct, feedback: a.feedback })),
    statements: q.quizQuestionStatements.map((s) => ({
      id: s.id,
      statement: s.statement,
      answerText: s.answerText,
      feedback: s.feedback,
    })),
    values: {
      question: q.question,
      type: q.type,
      maxChosenAnswers: q.maxChosenAnswers,
      answers: q.answers.map((a) => ({ id: a.id, answer: a.answer, correct: a.correct, feedback: a.feedback ?? '' })),
      statements: q.quizQuestionStatements.map((s) => ({
        id: s.id,
        statement: s.statement,
        feedback: s.feedback ?? '',
        answerText: s.answerText,
      })),
    },
  };
}
