import type { ReactNode } from 'react';
import { Group, Text, ThemeIcon } from '@mantine/core';

/** A detail line with a muted icon before it (event time, place, RSVP count). */
export function IconLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="transparent" color="gray" size="sm">
        {icon}
      </ThemeIcon>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
