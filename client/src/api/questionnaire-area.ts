import { useQueryClient } from '@tanstack/react-query';
import type { AppRoute, AppRouter } from '@ts-rest/core';
import { QUESTION_ORDER_MESSAGES } from '@app/contract';
import { crudArea } from './area';
import { areaClient } from './tsr';

type QuestionRoutes = 'createQuestion' | 'updateQuestion' | 'removeQuestion' | 'reorderQuestions' | 'remove';
type QuestionnaireContract = AppRouter & Record<'list' | 'get' | 'create' | 'update' | QuestionRoutes, AppRoute>;
type Mutation = {
  useMutation: (options: object) => {
    mutate: (args: object) => void;
    mutateAsync: (args: object) => Promise<any>;
    isPending: boolean;
  };
};

/** The texts of a questionnaire area (the contract's QUIZ_MESSAGES or SURVEY_MESSAGES). */
export type QuestionnaireMessages = {
  saved: string;
  questionSaved: string;
  questionDeleteError: string;
  deleted: string;
  deleteErrorTitle: string;
  deleteError: string;
};

/**
 * A quiz-like area (quizzes, surveys: spec 03 §2): `crudArea`'s list, one, create and rename, plus its
 * questions (add, edit, delete, reorder) and the delete of one questionnaire, each with its texts.
 *
 * @example export const quizzesArea = questionnaireArea('quizzes', quizzesContract, QUIZ_MESSAGES);
 */
export function questionnaireArea<C extends QuestionnaireContract>(
  key: string,
  contract: C,
  messages: QuestionnaireMessages,
) {
  const area = crudArea(key, contract, { savedMessage: messages.saved });
  const tsr = areaClient({ area: contract }).area as unknown as Record<QuestionRoutes, Mutation>;

  /** Add, edit, delete and reorder the questions of one questionnaire; each refreshes it and the list's counts. */
  function useQuestions(id: number) {
    const queryClient = useQueryClient();
    const onSettled = () => queryClient.invalidateQueries({ queryKey: area.queries.all });
    const meta = { successMessage: messages.questionSaved, formIssues: true };
    const create = tsr.createQuestion.useMutation({ meta, onSettled });
    const update = tsr.updateQuestion.useMutation({ meta, onSettled });
    const remove = tsr.removeQuestion.useMutation({ meta: { errorMessage: messages.questionDeleteError }, onSettled });
    const reorder = tsr.reorderQuestions.useMutation({
      meta: {
        successMessage: QUESTION_ORDER_MESSAGES.updated,
        errorTitle: QUESTION_ORDER_MESSAGES.errorTitle,
        errorMessage: QUESTION_ORDER_MESSAGES.error,
      },
      onSettled,
    });
    return {
      reorder: (entityIds: number[]) => reorder.mutate({ params: { id }, body: { entityIds } }),
      save: {
        create: (body: any) => create.mutateAsync({ params: { id }, body }),
        update: (questionId: number | string, body: any) =>
          update.mutateAsync({ params: { id, questionId: Number(questionId) }, body }),
      },
      remove: (questionId: number) => remove.mutate({ params: { id, questionId } }),
    };
  }

  /** Deletes the questionnaire ('… deleted'; on failure spec 03 §8's texts), then `onDeleted` (back to the list). */
  function useRemove(id: number, onDeleted: () => void) {
    const queryClient = useQueryClient();
    const mutation = tsr.remove.useMutation({
      meta: {
        successMessage: messages.deleted,
        errorTitle: messages.deleteErrorTitle,
        errorMessage: messages.deleteError,
      },
      onSuccess: () => {
        // Gone: drop its screen's query instead of re-reading it (a 404), then refresh the lists.
        queryClient.removeQueries({ queryKey: area.queries.detail(id) });
        onDeleted();
        void queryClient.invalidateQueries({ queryKey: area.queries.all });
      },
    });
    return { remove: () => mutation.mutate({ params: { id } }), isPending: mutation.isPending };
  }

  return { ...area, useQuestions, useRemove };
}
