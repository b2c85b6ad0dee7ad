import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { MAX_WARMUP_DAYS, type WarmupSchedule } from '@app/contract';
import { Can } from '../../api/permissions';
import { DataTable, type Column } from '../../components/list-kit';
import { ShortForm } from '../../components/form-kit/short-form';
import { count, formatDay } from '../../components/format';
import { openConfirmModal } from '../../lib/overlay-gate';
import { CardBody } from './card-body';
import { settingsRoutes, useResetWarmupSchedule, useSaveWarmupSchedule, useWarmupSchedule } from './api';

const call = settingsRoutes.saveWarmupSchedule;
type Day = { day: number; limit: number };
const columns: Column<Day>[] = [
  { key: 'day', header: 'Day', render: (d) => `Day ${d.day}` },
  { key: 'limit', header: 'Limit', align: 'right', primary: true, render: (d) => count(d.limit) },
];

/** Edits the table: each day's limit (1 to the quota), a day added (double the last, up to the quota) or removed. */
function WarmupScheduleForm({ schedule, onDone }: { schedule: WarmupSchedule; onDone: () => void }) {
  const [limits, setLimits] = useState<(number | '')[]>(schedule.limits);
  const save = useSaveWarmupSchedule();
  const quota = schedule.dailyQuota;
  const last = limits.at(-1);
  return (
    <ShortForm
      call={call}
      pending={save.isPending}
      onCancel={onDone}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ body: { limits: limits.map((l) => (l === '' ? 0 : l)) } }, { onSuccess: onDone });
      }}
    >
      <Text size="xs" c="dimmed">
        Each day&apos;s limit is at most the daily quota of {count(quota)}; a day may be lower than the day before. Past
        the last day the quota applies.
      </Text>
      {limits.map((limit, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <NumberInput
            style={{ flex: 1 }}
            label={`Day ${i + 1}`}
            required
            min={1}
            max={quota}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={limit}
            onChange={(v) => setLimits((l) => l.map((x, j) => (j === i ? (v === '' ? '' : Number(v)) : x)))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove day ${i + 1}`}
            disabled={limits.length === 1}
            onClick={() => setLimits((l) => l.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={limits.length >= MAX_WARMUP_DAYS}
          onClick={() => setLimits((l) => [...l, Math.min(quota, typeof last === 'number' ? last * 2 : 500)])}
        >
          Add day
        </Button>
      </Group>
    </ShortForm>
  );
}

/**
 * The warm-up table (issue 37 §2) on the deliverability page: each day's limit from EMAIL_WARMUP_START, the
 * computed default (500 doubling up to the quota) until edited. Edit schedule and Reset to default for
 * deliverability:write; others see the table.
 */
export function WarmupScheduleCard() {
  const schedule = useWarmupSchedule();
  const reset = useResetWarmupSchedule();
  const [editing, setEditing] = useState(false);
  const data = schedule.data?.status === 200 ? schedule.data.body : undefined;
  const confirmReset = () =>
    openConfirmModal({
      title: 'Reset Warm-up Schedule',
      children: (
        <Text size="sm">
          Replace the edited table with the default: 500 on day 1, doubling every day up to the quota?
        </Text>
      ),
      labels: { confirm: 'Reset', cancel: 'Cancel' },
      onConfirm: () => reset.mutate({}),
    });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Warm-up schedule">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600} size="sm">
              Warm-up schedule
            </Text>
            {data && (
              <Badge variant="light" color={data.isDefault ? 'gray' : 'blue'}>
                {data.isDefault ? 'Default' : 'Edited'}
              </Badge>
            )}
          </Group>
          {data && (
            <Can call={call}>
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconRestore size={14} />}
                  disabled={data.isDefault}
                  onClick={confirmReset}
                >
                  Reset to default
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(true)}
                >
                  Edit schedule
                </Button>
              </Group>
            </Can>
          )}
        </Group>
        <CardBody body={data} error={schedule.error} onRetry={() => void schedule.refetch()}>
          {(data) => (
            <>
              <Text size="xs" c="dimmed">
                {data.start
                  ? `Day 1 is ${formatDay(data.start)} (EMAIL_WARMUP_START).`
                  : 'Not in use: EMAIL_WARMUP_START is unset.'}{' '}
                Sends beyond a day&apos;s limit wait for the next day; past the last day the daily quota of{' '}
                {count(data.dailyQuota)} applies.
              </Text>
              <DataTable
                columns={columns}
                rows={data.limits.map((limit, i) => ({ day: i + 1, limit }))}
                rowKey={(d) => d.day}
                emptyText="No warm-up: the quota applies from day 1."
              />
              <Modal opened={editing} onClose={() => setEditing(false)} title="Warm-up schedule">
                <WarmupScheduleForm schedule={data} onDone={() => setEditing(false)} />
              </Modal>
            </>
          )}
        </CardBody>
      </Stack>
    </Card>
  );
}
