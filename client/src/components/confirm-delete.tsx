import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { openConfirmModal } from '../lib/overlay-gate';

/**
 * The confirmation before a delete: the title, the question (a small paragraph), red Delete and Cancel.
 * @example confirmDelete('Delete Program', <>Are you sure you want to delete the program "{p.name}"?</>, () => remove(p.id))
 */
export function confirmDelete(title: string, question: ReactNode, onConfirm: () => void) {
  openConfirmModal({
    title,
    children: <Text size="sm">{question}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
