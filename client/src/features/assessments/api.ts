import { useQueryClient } from '@tanstack/react-query';
import {
  ASSESSMENT_MESSAGES as M,
  AssessmentListQuery,
  assessmentsContract,
  type OutcomeInput,
  type QuestionInput,
  type ScoresInput,
} from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ assessments: assessmentsContract });

const KEY = 'assessments';

/**
 * Delete's texts (spec 03 §8). An assessment a program uses is not offered for deletion (its Delete is
 * disabled with the reason), so the spec's fixed failure text is left for failures staff cannot foresee.
 */
export const DELETE_META = { successMessage: M.deleted, errorTitle: M.deleteFailedTitle, errorMessage: M.deleteFailed };

/** Assessments (spec 03 §7): list, one assessment, create, change (PATCH) and delete. */
export const assessmentsArea = createArea(
  KEY,
  {
    list: tsr.assessments.list,
    detail: tsr.assessments.get,
    create: tsr.assessments.create,
    update: tsr.assessments.update,
    remove: tsr.assessments.remove,
  },
  { savedMessage: M.saved, removeMeta: DELETE_META, listQuery: AssessmentListQuery },
);

/** Save failures of the assessment itself read 'Error creating assessment' above the server's reason (spec 03 §8). */
export const SAVE_META = { errorTitle: M.saveFailed };
/** An assessment and an outcome are named by their title (their side panel forms' first field). */
export const TITLE_FIELD = { field: 'title', label: 'Title' } as const;

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [KEY] });
}

/** Add (no outcome id) or edit an outcome, for `useEntityForm`. */
export function useSaveOutcome(assessmentId: number) {
  const onSettled = useInvalidate();
  const meta = { successMessage: M.outcomesSaved, formIssues: true };
  const create = tsr.assessments.createOutcome.useMutation({ meta, onSettled });
  const update = tsr.assessments.updateOutcome.useMutation({ meta, onSettled });
  return {
    create: (body: OutcomeInput) => create.mutateAsync({ params: { id: assessmentId }, body }),
    update: (outcomeId: number | string, body: OutcomeInput) =>
      update.mutateAsync({ params: { id: assessmentId, outcomeId: Number(outcomeId) }, body }),
  };
}

export function useRemoveOutcome(assessmentId: number) {
  const onSettled = useInvalidate();
  const mutation = tsr.assessments.removeOutcome.useMutation({
    meta: { successMessage: M.outcomeDeleted, errorMessage: M.outcomeDeleteFailed },
    onSettled,
  });
  return (outcomeId: number) => mutation.mutate({ params: { id: assessmentId, outcomeId } });
}

/** Add (no question id) or edit a question with its answers, for `useEntityForm`. */
export function useSaveQuestion(assessmentId: number) {
  const onSettled = useInvalidate();
  const meta = { successMessage: M.questionSaved, formIssues: true };
  const create = tsr.assessments.createQuestion.useMutation({ meta, onSettled });
  const update = tsr.assessments.updateQuestion.useMutation({ meta, onSettled });
  return {
    create: (body: QuestionInput) => create.mutateAsync({ params: { id: assessmentId }, body }),
    update: (questionId: number | string, body: QuestionInput) =>
      update.mutateAsync({ params: { id: assessmentId, questionId: Number(questionId) }, body }),
  };
}

export function useRemoveQuestion(assessmentId: number) {
  const onSettled = useInvalidate();
  const mutation = tsr.assessments.removeQuestion.useMutation({
    meta: { successMessage: M.questionDeleted, errorMessage: M.questionDeleteFailed },
    onSettled,
  });
  return (questionId: number) => mutation.mutate({ params: { id: assessmentId, questionId } });
}

/** 'Manage Scores': the matrix and the tie-breaker in one save. */
export function useSaveScores(assessmentId: number) {
  const onSettled = useInvalidate();
  const mutation = tsr.assessments.updateScores.useMutation({ meta: { successMessage: M.scoresSaved }, onSettled });
  return {
    save: (body: ScoresInput) => mutation.mutateAsync({ params: { id: assessmentId }, body }),
    isPending: mutation.isPending,
  };
}

/** Delete from the detail: on success `onDeleted` (back to the list). */
export function useDeleteAssessment(onDeleted: () => void) {
  const onSettled = useInvalidate();
  const mutation = tsr.assessments.remove.useMutation({ meta: DELETE_META, onSettled, onSuccess: onDeleted });
  return (id: number) => mutation.mutate({ params: { id } });
}
