import { useRef, useState } from 'react';
import { Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { IconRotateClockwise } from '@tabler/icons-react';
import { societySettingsContract, type SocietySettings } from '@app/contract';
import { Can } from '../../api/permissions';
import { formatDay } from '../../components/format';
import { openConfirmModal } from '../../lib/overlay-gate';
import { useRotateIssuerKey } from './api';

type IssuerKeys = SocietySettings['issuerKeys'];

const badgeCount = (n: number) => (n === 1 ? '1 badge' : `${n} badges`);

/** The confirm's body: what rotating does, and the leaked key's checkbox (read through `leaked` on confirm). */
function RotateQuestion({ current, leaked }: { current: IssuerKeys[number]; leaked: { current: boolean } }) {
  const [checked, setChecked] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">
        A new key will sign the badges issued from now on. {current.name} stays published, so the badges it signed keep
        verifying.
      </Text>
      <Checkbox
        checked={checked}
        onChange={(e) => {
          setChecked(e.currentTarget.checked);
          leaked.current = e.currentTarget.checked;
        }}
        label={`The old key leaked: revoke its badges (${badgeCount(current.liveBadges)})`}
        description={`${current.name} is withdrawn, and each of its badges is revoked and reissued, signed by the new key.`}
      />
    </Stack>
  );
}

/** Every issuer key (name, created, current or withdrawn, its live badges) and, for `settings:write`, Rotate. */
export function IssuerKeys({ keys }: { keys: IssuerKeys }) {
  const rotate = useRotateIssuerKey();
  const leaked = useRef(false);
  const current = keys.find((k) => k.current);
  const confirm = () => {
    if (!current) return;
    leaked.current = false;
    openConfirmModal({
      title: 'Rotate issuer key',
      children: <RotateQuestion current={current} leaked={leaked} />,
      labels: { confirm: 'Rotate issuer key', cancel: 'Cancel' },
      onConfirm: () => rotate.mutate({ body: { leaked: leaked.current } }),
    });
  };
  if (!current) return null;
  return (
    <Stack gap="xs">
      <Table verticalSpacing={4} fz="sm" aria-label="Issuer keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Key</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th ta="right">Badges</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => (
            <Table.Tr key={k.name}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{k.name}</Table.Td>
              <Table.Td>{formatDay(k.createdAt)}</Table.Td>
              <Table.Td>
                {k.current ? (
                  <Badge variant="light" color="green">
                    Current
                  </Badge>
                ) : k.withdrawnAt ? (
                  <Badge variant="light" color="red" title={`Withdrawn ${formatDay(k.withdrawnAt)}: it leaked`}>
                    Withdrawn
                  </Badge>
                ) : (
                  <Badge variant="light" color="gray" title="Still published: the badges it signed verify">
                    Retired
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{k.liveBadges}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Can call={societySettingsContract.rotateIssuerKey}>
        <Group>
          <Button
            variant="light"
            leftSection={<IconRotateClockwise size={16} />}
            onClick={confirm}
            loading={rotate.isPending}
          >
            Rotate issuer key
          </Button>
        </Group>
      </Can>
    </Stack>
  );
}
