import { Progress, Stack, Text } from '@mantine/core';
import { count } from './format';

/**
 * A job's progress in a list cell: `done` of `total` as a bar and numbers, moving as the job writes
 * (its list re-reads while it runs); `waiting` shows until the total is known.
 * @example <ProgressCell done={i.countProcessed} total={i.countPreClean} label="Processing database" waiting="Reading file…" />
 */
export function ProgressCell({
  done,
  total,
  label,
  waiting,
}: {
  done: number;
  total: number;
  label: string;
  waiting: string;
}) {
  const share = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <Stack gap={2} miw={120}>
      <Progress value={share} animated size="sm" aria-label={`${label}: ${done} of ${total}`} />
      <Text size="xs" c="dimmed">
        {total > 0 ? `${count(done)} / ${count(total)}` : waiting}
      </Text>
    </Stack>
  );
}
