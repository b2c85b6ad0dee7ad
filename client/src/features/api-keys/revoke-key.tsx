import { Text } from '@mantine/core';
import type { ApiKey } from '@app/contract';
import { openConfirmModal } from '../../lib/overlay-gate';

/** The confirmation before a key is revoked: every later call with it answers 401, and that cannot be undone. */
export function confirmRevoke(key: Pick<ApiKey, 'name' | 'prefix'>, onConfirm: () => void) {
  openConfirmModal({
    title: 'Revoke API Key',
    children: (
      <Text size="sm">
        Revoke "{key.name}" ({key.prefix}…)? Every call made with it will be refused from now on. This cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Revoke', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
