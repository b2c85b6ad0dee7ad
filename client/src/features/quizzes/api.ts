import { useQueryClient } from '@tanstack/react-query';
import { quizzesContract, QUIZ_MESSAGES, QUESTION_ORDER_MESSAGES } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ quizzes: quizzesContract });

/** Quizzes (spec 03 §2): list, one quiz with its questions, create and rename. */
export const quizzesArea = createArea(
  'quizzes',
  { list: tsr.quizzes.list, detail: tsr.quizzes.get, create: tsr.quizzes.create, update: tsr.quizzes.update },
  { savedMessage: QUIZ_MESSAGES.saved },
);

/** Add, edit and delete the questions of one quiz; each refreshes the quiz and the list's counts. */
export function useQuizQuestions(quizId: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: quizzesArea.queries.all });
  const meta = { successMessage: QUIZ_MESSAGES.questionSaved, formIssues: true };
  const create = tsr.quizzes.createQuestion.useMutation({ meta, onSettled });
  const update = tsr.quizzes.updateQuestion.useMutation({ meta, onSettled });
  const remove = tsr.quizzes.removeQuestion.useMutation({ meta: { errorMessage: QUIZ_MESSAGES.questionDeleteError }, onSettled });
  const reorder = tsr.quizzes.reorderQuestions.useMutation({
    meta: { successMessage: QUESTION_ORDER_MESSAGES.updated, errorTitle: QUESTION_ORDER_MESSAGES.errorTitle, errorMessage: QUESTION_ORDER_MESSAGES.error },
    onSettled,
  });
  return {
    reorder: (entityIds: number[]) => reorder.mutate({ params: { id: quizId }, body: { entityIds } }),
    save: {
      create: (body: any) => create.mutateAsync({ params: { id: quizId }, body }),
      update: (questionId: number | string, body: any) => update.mutateAsync({ params: { id: quizId, questionId: Number(questionId) }, body }),
    },
    remove: (questionId: number) => remove.mutate({ params: { id: quizId, questionId } }),
  };
}

/** Deletes a quiz ('Quiz deleted'; on failure spec 03 §8's texts), then `onDeleted` (back to the list). */
export function useRemoveQuiz(quizId: number, onDeleted: () => void) {
  const queryClient = useQueryClient();
  const mutation = tsr.quizzes.remove.useMutation({
    meta: { successMessage: QUIZ_MESSAGES.deleted, errorTitle: QUIZ_MESSAGES.deleteErrorTitle, errorMessage: QUIZ_MESSAGES.deleteError },
    onSuccess: () => {
      // Gone: drop its screen's query instead of re-reading it (a 404), then refresh the lists.
      queryClient.removeQueries({ queryKey: quizzesArea.queries.detail(quizId) });
      onDeleted();
      void queryClient.invalidateQueries({ queryKey: quizzesArea.queries.all });
    },
  });
  return { remove: () => mutation.mutate({ params: { id: quizId } }), isPending: mutation.isPending };
}
