import type { ReactNode } from 'react';
import { Center, Image, Paper, Stack, Title } from '@mantine/core';

/**
 * The centred card of a public page (sign in, unsubscribe, set password): logo, title (or none, when the content
 * titles itself, like the sign-in steps), content; `width` on a wide screen, the whole width on a phone.
 * @example <PublicCard title="Set your password">...</PublicCard>
 */
export function PublicCard({ title, width = 440, children }: { title?: string; width?: number; children: ReactNode }) {
  return (
    <Center mih="100vh" bg="var(--mantine-color-body)" p="md">
      <Paper withBorder shadow="md" p="xl" radius="md" w={width} maw="100%">
        <Stack>
          <Image src="/logo.svg" w={48} h={48} alt="Logo" />
          {title && <Title order={2}>{title}</Title>}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
