import { useState } from 'react';
import { Anchor, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Import } from '@app/contract';
import { formatDateTime } from '../../components/format';
import { useImport } from './api';
import { KIND_LABELS } from './format';
import { RunOutcome } from './import-runner';

/** One past import (issue 40 §9): what, who, when, the counts, the first rejected rows and the rejected-rows CSV. */
function ImportDetailModal({ value, onClose }: { value: Import; onClose: () => void }) {
  const detail = useImport(value.id).data;
  const run = detail?.status === 200 ? detail.body : undefined;
  const title = `${KIND_LABELS[value.kind]} import #${value.id}${value.dryRun ? ' (dry run)' : ''}`;
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          File: <b>{value.file?.fileName ?? 'file removed'}</b>
        </Text>
        <Text size="sm">
          Started by <b>{value.createdBy ?? 'someone no longer known'}</b> on {formatDateTime(value.createdAt)}
          {value.finishedAt ? `, finished ${formatDateTime(value.finishedAt)}` : ''}
        </Text>
        {run ? <RunOutcome run={run} /> : <Loader size="sm" aria-label="Loading" />}
      </Stack>
    </Modal>
  );
}

/** The list's way into one import: its detail in a dialog. */
export function ImportDetailButton({ value }: { value: Import }) {
  const [open, setOpen] = useState(false);
  return (
    <Group>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)}>
        Details
      </Anchor>
      {open && <ImportDetailModal value={value} onClose={() => setOpen(false)} />}
    </Group>
  );
}
