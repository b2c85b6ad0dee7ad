import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { idNumber } from './common/fields.js';
import { listRoute } from './common/area-routes.js';
import {
  Assessment,
  AssessmentInput,
  AssessmentListItem,
  AssessmentPatch,
  MAX_ASSESSMENT_OUTCOMES,
  OutcomeInput,
  OutcomePatch,
  QuestionInput,
  QuestionPatch,
  ScoresInput,
} from './assessment-shapes.js';
import { AssessmentListQuery } from './list-queries/assessments.js';

export * from './list-queries/assessments.js';
export * from './assessment-shapes.js';

export {
  scoreAssessment,
  topOutcomeOf,
  type ScorableAssessment,
  type ScoreResult,
  type ScoreDecision,
} from './common/scoring.js';

const AssessmentParam = z.object({ id: idNumber('id') });
const OutcomeParams = AssessmentParam.extend({ outcomeId: idNumber('outcomeId') });
const QuestionParams = AssessmentParam.extend({ questionId: idNumber('questionId') });
const PATH = '/admin/assessments';

/** Spec 03 §7 Assessments. Every change answers the whole assessment as it now is. */
export const assessmentsContract = c.router(
  {
    list: listRoute(PATH, AssessmentListQuery, AssessmentListItem, 'List assessments (search by title)'),
    get: {
      method: 'GET',
      path: `${PATH}/:id`,
      pathParams: AssessmentParam,
      responses: { 200: Assessment },
      summary: 'One assessment with its outcomes, questions and scores',
    },
    create: {
      method: 'POST',
      path: PATH,
      body: AssessmentInput,
      responses: { 201: Assessment },
      summary: 'Create an assessment',
    },
    update: {
      method: 'PATCH',
      path: `${PATH}/:id`,
      pathParams: AssessmentParam,
      body: AssessmentPatch,
      responses: { 200: Assessment },
      summary: "Change an assessment's title or introduction",
    },
    remove: {
      method: 'DELETE',
      path: `${PATH}/:id`,
      pathParams: AssessmentParam,
      body: c.noBody(),
      responses: { 204: c.noBody(), 409: ErrorBody },
      summary: 'Delete an assessment with its outcomes, questions and scores (409 while a program component uses it)',
    },
    createOutcome: {
      method: 'POST',
      path: `${PATH}/:id/outcome`,
      pathParams: AssessmentParam,
      body: OutcomeInput,
      responses: { 201: Assessment, 409: ErrorBody },
      summary: `Add an outcome (at most ${MAX_ASSESSMENT_OUTCOMES}: 409 past that)`,
    },
    updateOutcome: {
      method: 'PATCH',
      path: `${PATH}/:id/outcome/:outcomeId`,
      pathParams: OutcomeParams,
      body: OutcomePatch,
      responses: { 200: Assessment },
      summary: "Change an outcome's title or description",
    },
    removeOutcome: {
      method: 'DELETE',
      path: `${PATH}/:id/outcome/:outcomeId`,
      pathParams: OutcomeParams,
      body: c.noBody(),
      responses: { 204: c.noBody() },
      summary: 'Delete an outcome with its scores',
    },
    createQuestion: {
      method: 'POST',
      path: `${PATH}/:id/questions`,
      pathParams: AssessmentParam,
      body: QuestionInput,
      responses: { 201: Assessment, 409: ErrorBody },
      summary: 'Add a question (last in order) with its answers',
    },
    updateQuestion: {
      method: 'PATCH',
      path: `${PATH}/:id/questions/:questionId`,
      pathParams: QuestionParams,
      body: QuestionPatch,
      responses: { 200: Assessment },
      summary: 'Change a question, its type or its answers',
    },
    removeQuestion: {
      method: 'DELETE',
      path: `${PATH}/:id/questions/:questionId`,
      pathParams: QuestionParams,
      body: c.noBody(),
      responses: { 204: c.noBody() },
      summary: 'Delete a question with its answers and scores (the questions after it move up)',
    },
    updateScores: {
      method: 'PATCH',
      path: `${PATH}/:id/scores`,
      pathParams: AssessmentParam,
      body: ScoresInput,
      responses: { 200: Assessment },
      summary: 'Set scores of the score matrix and the tie-breaker question',
    },
  },
  { metadata: meta.area('assessments') },
);
