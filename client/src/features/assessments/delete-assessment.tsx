import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { confirmDelete } from '../../components/confirm-delete';
import { useMay } from '../../api/permissions';

type Deletable = { id: number; title: string; componentCount: number };

export function confirmDeleteAssessment(assessment: Deletable, remove: (id: number) => void) {
  confirmDelete(
    'Delete Assessment',
    <>
      Are you sure you want to delete <b>{assessment.title}</b> with its outcomes, questions and scores? This action
      cannot be undone.
    </>,
    () => remove(assessment.id),
  );
}

const inUse = (a: Deletable) =>
  `Used by ${a.componentCount} program component${a.componentCount === 1 ? '' : 's'}: remove it there first`;

/**
 * Delete with confirmation; disabled (with the reason) while program components use the assessment. Shown only to
 * accounts that may write assessments.
 */
export function DeleteAssessmentButton({
  assessment,
  remove,
  compact,
}: {
  assessment: Deletable;
  remove: (id: number) => void;
  compact?: boolean;
}) {
  const mayWrite = useMay('write');
  if (!mayWrite) return null;
  const used = assessment.componentCount > 0;
  const onClick = () => confirmDeleteAssessment(assessment, remove);
  if (compact) {
    return (
      <Tooltip label={used ? inUse(assessment) : 'Delete'}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${assessment.title}`}
          disabled={used}
          onClick={onClick}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={inUse(assessment)} disabled={!used}>
      <Button variant="default" color="red" leftSection={<IconTrash size={16} />} disabled={used} onClick={onClick}>
        Delete
      </Button>
    </Tooltip>
  );
}
