import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import type { QuestionType, UsedBy } from '@app/contract';
import { confirmDelete } from '../confirm-delete';
import { useMay } from '../../api/permissions';
import { formatDay, questionMark } from '../format';
import type { KitQuestion, QuestionKind } from './kinds';
import { NameDialog, type NameSave } from './name-dialog';
import { QuestionEditor, type EditorTarget, type QuestionSave } from './question-editor';
import { useQuestionPanel } from './question-panel';
import { AddQuestionMenu, QuestionList } from './question-list';
import { BackLink } from '../back-link';

export type QuestionnaireDetailProps = {
  kind: QuestionKind;
  /** The list screen and its label ('Quizzes'), for the back link. */
  listPath: string;
  listLabel: string;
  entity: { id: number; name: string; updatedAt: string; usedBy: UsedBy };
  questions: KitQuestion[];
  rename: NameSave;
  /** Deletes the quiz or survey; the area returns to its list when it is gone. */
  remove: () => void;
  removing: boolean;
  saveQuestion: QuestionSave;
  removeQuestion: (questionId: number) => void;
  /** Saves a new question order: every question id, first to last. */
  reorderQuestions: (entityIds: number[]) => void;
};

/**
 * A quiz's or survey's screen (spec 03 §2): its name with Rename and Delete, the numbered questions, the
 * 'Add Question' menu and the question side panel. Delete is disabled while a program component uses it.
 */
export function QuestionnaireDetail(props: QuestionnaireDetailProps) {
  const { kind, entity } = props;
  const noun = kind.noun.toLowerCase();
  const [renaming, setRenaming] = useState(false);
  const panel = useQuestionPanel();
  const editedQuestion =
    typeof panel.question === 'number' ? props.questions.find((q) => q.id === panel.question) : undefined;
  const editing: EditorTarget | null =
    panel.question === 'new'
      ? { type: panel.type && kind.offeredTypes.includes(panel.type) ? panel.type : kind.offeredTypes[0]! }
      : editedQuestion
        ? { type: editedQuestion.type, question: editedQuestion }
        : null;

  const confirmDeleteEntity = () =>
    confirmDelete(
      `Delete ${kind.noun}`,
      <>
        Are you sure you want to delete the {noun} <b>{entity.name}</b> and its {props.questions.length} questions? This
        action cannot be undone.
      </>,
      props.remove,
    );
  const confirmDeleteQuestion = (q: KitQuestion) =>
    confirmDelete(
      'Delete Question',
      <>
        Are you sure you want to delete question {q.index + 1}, <b>{q.question}</b>
        {questionMark(q.question)} This action cannot be undone.
      </>,
      () => props.removeQuestion(q.id),
    );

  const move = (q: KitQuestion, by: -1 | 1) => {
    const ids = props.questions.map((x) => x.id);
    const from = ids.indexOf(q.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    props.reorderQuestions(ids);
  };

  const inUse = entity.usedBy.length > 0;
  const mayWrite = useMay('write');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <BackLink to={props.listPath} label={props.listLabel} />
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {entity.name}
          </Title>
          <Text size="sm" c="dimmed">
            {props.questions.length} {props.questions.length === 1 ? 'question' : 'questions'} · last updated{' '}
            {formatDay(entity.updatedAt)}
          </Text>
        </Stack>
        {mayWrite && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Tooltip label={`Used by a program component: remove it there first`} disabled={!inUse}>
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDeleteEntity}
                disabled={inUse}
                loading={props.removing}
              >
                Delete
              </Button>
            </Tooltip>
            <AddQuestionMenu types={kind.offeredTypes} onAdd={(type: QuestionType) => panel.openNew(type)} />
          </Group>
        )}
      </Group>
      {inUse && (
        <Alert
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={`Used by ${entity.usedBy.length === 1 ? 'a program component' : `${entity.usedBy.length} program components`}`}
        >
          {entity.usedBy.map((u) => `${u.name} (${u.programName})`).join(', ')}
        </Alert>
      )}
      <QuestionList
        questions={props.questions}
        onEdit={(q) => panel.openEdit(q.id)}
        onDelete={confirmDeleteQuestion}
        onMove={move}
      />
      <QuestionEditor kind={kind} target={editing} save={props.saveQuestion} onClose={panel.close} />
      {renaming && (
        <NameDialog
          title={`Rename ${kind.noun}`}
          id={entity.id}
          name={entity.name}
          save={props.rename}
          onClose={() => setRenaming(false)}
        />
      )}
    </Stack>
  );
}
