import { useEffect, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReminderProjectionQuery } from '@app/contract';
import { count } from '../../components/format';
import { useReminderProjection } from './api';

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The form's values, settled for 300 ms, so typing does not ask the server on every change. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/**
 * Beyond spec 02: how many invitees the reminder reaches, and, when its day would go over the daily
 * sending quota, a warning with the projected finish (the rest waits for the quota to free up).
 */
export function ProjectionNote({
  invitationId,
  query,
}: {
  invitationId: number;
  query: ReminderProjectionQuery | null;
}) {
  const projection = useReminderProjection(invitationId, useSettled(query));
  const p = projection.data?.status === 200 ? projection.data.body : undefined;
  if (!query || !p) return null;
  const finish = when.format(new Date(p.projectedFinishAt));
  // While warming up (issue 37 §2) the day's limit is the warm-up's: said so.
  const limitName = p.warmupDay ? `warm-up limit of day ${p.warmupDay}` : 'daily quota';
  if (p.overQuota) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={p.warmupDay ? "Over the day's warm-up limit" : 'Over the daily sending quota'}
      >
        With this reminder, {count(p.dayScheduled + p.recipients)} emails are scheduled on {p.day} (UTC), over the{' '}
        {limitName} of {count(p.dailyQuota)}. The rest waits for the next days: sending is expected to finish around{' '}
        {finish}.
      </Alert>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      Reaches about {count(p.recipients)} invitees ({count(p.dayScheduled + p.recipients)} scheduled that day,{' '}
      {limitName} {count(p.dailyQuota)}); expected to finish around {finish}.
    </Text>
  );
}
