import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { questionnaireHandlers } from '../../services/questions/routes.js';
import * as repo from './repo.js';

export const surveyRoutes = s.router(
  contract.surveys,
  questionnaireHandlers({
    kind: repo.surveyKind,
    get: repo.getSurvey,
    getQuestion: repo.getQuestion,
    createQuestion: repo.createQuestion,
    updateQuestion: repo.updateQuestion,
  }),
);
