import { useState } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useMay } from '../../api/permissions';
import { privacyRoutes, useConfirmErasure, useErasure } from './api';
import { RequestStatus } from './request-status';
import { ChangesTable } from './erase-card';
import { PrivacyCard } from './privacy-card';

/** The second staff member's half of erasing someone with a payment: the erasure's number, then Confirm. */
export function ConfirmCard() {
  const may = useMay('write', privacyRoutes.confirmErasure);
  const [value, setValue] = useState<number | string>('');
  const [id, setId] = useState<number>();
  const confirm = useConfirmErasure();
  const request = useErasure(id)?.data?.body;
  return (
    <PrivacyCard
      title="Confirm an erasure"
      description="Erasing someone with a payment needs a second staff member: enter the number of the erasure another staff member asked for."
      error={confirm.error}
    >
      <Group gap="sm" align="flex-end">
        <NumberInput label="Erasure #" min={1} allowDecimal={false} value={value} onChange={setValue} w={140} />
        <Button
          leftSection={<IconUserCheck size={16} />}
          disabled={!may || typeof value !== 'number'}
          loading={confirm.isPending}
          onClick={() => confirm.mutate({ params: { id: Number(value) } }, { onSuccess: (res) => setId(res.body.id) })}
        >
          Confirm erasure
        </Button>
      </Group>
      {request && <RequestStatus label="Erasure" request={request} />}
      {request?.changes && <ChangesTable changes={request.changes} />}
    </PrivacyCard>
  );
}
