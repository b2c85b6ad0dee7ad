import { useState } from 'react';
import { Autocomplete, Card, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { DOMAIN_GROUPS, MAX_DOMAIN_CAP, isDomainGroup, type DomainCap } from '@app/contract';
import { AddButton, DataTable, RowActions, type Column } from '../../components/list-kit';
import { ShortForm } from '../../components/form-kit/short-form';
import { confirmDelete } from '../../components/confirm-delete';
import { count, formatDateTime } from '../../components/format';
import { CardBody } from './card-body';
import { useMay } from '../../api/permissions';
import { settingsRoutes, useDomainCaps, useRemoveDomainCap, useSaveDomainCap } from './api';

const call = settingsRoutes.saveDomainCap;
const groups = Object.keys(DOMAIN_GROUPS);

/** A cap's name in words: a domain as it is, a mail host by its name ('Google (Gmail, Google Workspace)'). */
const capName = (name: string) => (isDomainGroup(name) ? DOMAIN_GROUPS[name] : name);

/** Adds a cap (`cap` undefined) or changes one: the domain or mail host, and messages a minute. */
function DomainCapForm({ cap, onDone }: { cap?: DomainCap; onDone: () => void }) {
  const [name, setName] = useState(cap?.name ?? '');
  const [perMinute, setPerMinute] = useState<number | ''>(cap?.perMinute ?? '');
  const save = useSaveDomainCap();
  return (
    <ShortForm
      call={call}
      pending={save.isPending}
      onCancel={onDone}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { params: { name: name.trim().toLowerCase() }, body: { perMinute: perMinute === '' ? 0 : perMinute } },
          { onSuccess: onDone },
        );
      }}
    >
      <Autocomplete
        label="Domain or mail host"
        description="A recipient domain (state.edu), or google, microsoft or yahoo for every domain they host"
        placeholder="state.edu"
        data={groups}
        required
        disabled={!!cap}
        value={name}
        onChange={setName}
      />
      <NumberInput
        label="Messages a minute"
        required
        min={1}
        max={MAX_DOMAIN_CAP}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={perMinute}
        onChange={(v) => setPerMinute(v === '' ? '' : Number(v))}
      />
    </ShortForm>
  );
}

/**
 * Caps per recipient domain or mail host (issue 37 §1), on the deliverability page: each in messages a minute,
 * over EMAIL_DOMAIN_RATE (the cap of every other domain, or none). Add, change and remove for deliverability:write;
 * others see the list.
 */
export function DomainCapsCard() {
  const caps = useDomainCaps();
  const remove = useRemoveDomainCap();
  const [editing, setEditing] = useState<{ cap?: DomainCap } | null>(null);
  const data = caps.data?.status === 200 ? caps.data.body : undefined;
  // A reader gets no row actions: no Actions column either.
  const mayWrite = useMay('write', call);
  const columns: Column<DomainCap>[] = [
    { key: 'name', header: 'Domain or mail host', render: (c) => capName(c.name) },
    { key: 'perMinute', header: 'A minute', align: 'right', primary: true, render: (c) => count(c.perMinute) },
    { key: 'updatedAt', header: 'Set', visibleFrom: 'sm', render: (c) => formatDateTime(c.updatedAt) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (c) => (
        <RowActions
          name={`cap of ${c.name}`}
          call={call}
          onEdit={() => setEditing({ cap: c })}
          onDelete={() =>
            confirmDelete(
              'Remove Cap',
              <>
                Remove the cap of {capName(c.name)}? Its mail goes at{' '}
                {data?.defaultPerMinute ? `${count(data.defaultPerMinute)} a minute (EMAIL_DOMAIN_RATE)` : 'full speed'}{' '}
                again, slowed only when it defers.
              </>,
              () => remove.mutate({ params: { name: c.name } }),
            )
          }
        />
      ),
    },
  ];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Domain caps">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            Domain caps
          </Text>
          <AddButton label="Add cap" call={call} onClick={() => setEditing({})} />
        </Group>
        <CardBody body={data} error={caps.error} onRetry={() => void caps.refetch()}>
          {(data) => (
            <>
              <Text size="xs" c="dimmed">
                Every other domain:{' '}
                {data.defaultPerMinute
                  ? `${count(data.defaultPerMinute)} messages a minute (EMAIL_DOMAIN_RATE)`
                  : 'uncapped (EMAIL_DOMAIN_RATE is unset)'}
                . A domain capped here is paced on its own, apart from its mail host; a domain that defers still slows
                below its cap.
              </Text>
              <DataTable
                columns={mayWrite ? columns : columns.filter((c) => c.key !== 'actions')}
                rows={data.caps}
                rowKey={(c) => c.name}
                emptyText="No domain has a cap of its own."
              />
            </>
          )}
        </CardBody>
      </Stack>
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={editing?.cap ? `Cap of ${capName(editing.cap.name)}` : 'Add cap'}
      >
        {editing && <DomainCapForm cap={editing.cap} onDone={() => setEditing(null)} />}
      </Modal>
    </Card>
  );
}
