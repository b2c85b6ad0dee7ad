import { useQueryClient } from '@tanstack/react-query';
import { surveysContract, SURVEY_MESSAGES, QUESTION_ORDER_MESSAGES } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ surveys: surveysContract });

/** Surveys (spec 03 §2): list, one survey with its questions, create and rename. */
export const surveysArea = createArea(
  'surveys',
  { list: tsr.surveys.list, detail: tsr.surveys.get, create: tsr.surveys.create, update: tsr.surveys.update },
  { savedMessage: SURVEY_MESSAGES.saved },
);

/** Add, edit and delete the questions of one survey; each refreshes the survey and the list's counts. */
export function useSurveyQuestions(surveyId: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: surveysArea.queries.all });
  const meta = { successMessage: SURVEY_MESSAGES.questionSaved, formIssues: true };
  const create = tsr.surveys.createQuestion.useMutation({ meta, onSettled });
  const update = tsr.surveys.updateQuestion.useMutation({ meta, onSettled });
  const remove = tsr.surveys.removeQuestion.useMutation({ meta: { errorMessage: SURVEY_MESSAGES.questionDeleteError }, onSettled });
  const reorder = tsr.surveys.reorderQuestions.useMutation({
    meta: { successMessage: QUESTION_ORDER_MESSAGES.updated, errorTitle: QUESTION_ORDER_MESSAGES.errorTitle, errorMessage: QUESTION_ORDER_MESSAGES.error },
    onSettled,
  });
  return {
    reorder: (entityIds: number[]) => reorder.mutate({ params: { id: surveyId }, body: { entityIds } }),
    save: {
      create: (body: any) => create.mutateAsync({ params: { id: surveyId }, body }),
      update: (questionId: number | string, body: any) => update.mutateAsync({ params: { id: surveyId, questionId: Number(questionId) }, body }),
    },
    remove: (questionId: number) => remove.mutate({ params: { id: surveyId, questionId } }),
  };
}

/** Deletes a survey ('Survey deleted'; on failure spec 03 §8's texts), then `onDeleted` (back to the list). */
export function useRemoveSurvey(surveyId: number, onDeleted: () => void) {
  const queryClient = useQueryClient();
  const mutation = tsr.surveys.remove.useMutation({
    meta: { successMessage: SURVEY_MESSAGES.deleted, errorTitle: SURVEY_MESSAGES.deleteErrorTitle, errorMessage: SURVEY_MESSAGES.deleteError },
    onSuccess: () => {
      // Gone: drop its screen's query instead of re-reading it (a 404), then refresh the lists.
      queryClient.removeQueries({ queryKey: surveysArea.queries.detail(surveyId) });
      onDeleted();
      void queryClient.invalidateQueries({ queryKey: surveysArea.queries.all });
    },
  });
  return { remove: () => mutation.mutate({ params: { id: surveyId } }), isPending: mutation.isPending };
}
