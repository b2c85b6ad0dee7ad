import { useNavigate } from '@tanstack/react-router';
import { LoadedEntity } from '../form-kit';
import type { KitQuestion, QuestionKind } from './kinds';
import type { NameSave } from './name-dialog';
import type { QuestionSave } from './question-editor';
import { QuestionnaireDetail, type QuestionnaireDetailProps } from './questionnaire-detail';

type Entity<Q> = QuestionnaireDetailProps['entity'] & { questions: Q[] };

/** The hooks a questionnaire screen uses (`questionnaireArea` in client/src/api gives them all). */
export type QuestionnaireHooks<T> = {
  useDetail: (id: number) => { data?: { body: T }; error: unknown; refetch: () => unknown };
  useSave: () => NameSave;
  useQuestions: (id: number) => {
    save: QuestionSave;
    remove: (questionId: number) => void;
    reorder: (entityIds: number[]) => void;
  };
  useRemove: (id: number, onDeleted: () => void) => { remove: () => void; isPending: boolean };
};

/**
 * A quiz's or survey's whole screen: loads it, then `QuestionnaireDetail` wired to its area (rename,
 * questions, delete, then back to the list).
 *
 * @example <QuestionnairePage id={quizId} area={quizzesArea} kind={quizKind} toKitQuestion={toKitQuestion} listPath="/admin/learning/quiz" listLabel="Quizzes" />
 */
export function QuestionnairePage<T extends Entity<Q>, Q>(props: {
  id: number;
  area: QuestionnaireHooks<T>;
  kind: QuestionKind;
  toKitQuestion: (q: Q) => KitQuestion;
  listPath: string;
  listLabel: string;
}) {
  return (
    <LoadedEntity result={props.area.useDetail(props.id)}>
      {(entity) => <Loaded {...props} entity={entity} />}
    </LoadedEntity>
  );
}

function Loaded<T extends Entity<Q>, Q>({
  area,
  entity,
  kind,
  toKitQuestion,
  listPath,
  listLabel,
}: Parameters<typeof QuestionnairePage<T, Q>>[0] & { entity: T }) {
  const navigate = useNavigate();
  const questions = area.useQuestions(entity.id);
  const remove = area.useRemove(entity.id, () => void navigate({ to: listPath }));
  return (
    <QuestionnaireDetail
      kind={kind}
      listPath={listPath}
      listLabel={listLabel}
      entity={entity}
      questions={entity.questions.map(toKitQuestion)}
      rename={area.useSave()}
      remove={remove.remove}
      removing={remove.isPending}
      saveQuestion={questions.save}
      removeQuestion={questions.remove}
      reorderQuestions={questions.reorder}
    />
  );
}
