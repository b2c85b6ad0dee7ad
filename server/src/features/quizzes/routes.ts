import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { questionnaireHandlers } from '../../services/questions/routes.js';
import * as repo from './repo.js';

export const quizRoutes = s.router(
  contract.quizzes,
  questionnaireHandlers({
    kind: repo.quizKind,
    get: repo.getQuiz,
    getQuestion: repo.getQuestion,
    createQuestion: repo.createQuestion,
    updateQuestion: repo.updateQuestion,
  }),
);
