import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import classes from './member.module.css';

/** One card of the member's profile page: a title, the content. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={title}
      className={classes.section}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
