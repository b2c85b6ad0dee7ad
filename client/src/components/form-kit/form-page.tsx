import type { ReactNode } from 'react';
import { Card, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { BackLink } from '../back-link';

/**
 * A form on a page of its own (chapters, email templates): a link back to its list, the title and an optional
 * subtitle above the form.
 *
 * @example <FormPage list={{ to: '/admin/chapters', label: 'Chapters' }} title="Edit Chapter" subtitle={name}><ChapterForm /></FormPage>
 */
export function FormPage(props: {
  list: { to: string; label: string };
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink to={props.list.to} label={props.list.label} />
        <Title order={2}>{props.title}</Title>
        {props.subtitle && <Text c="dimmed">{props.subtitle}</Text>}
      </Stack>
      {props.children}
    </Stack>
  );
}

/** Save and Cancel of a page form both return to its list. */
export function useBackTo(to: string): () => void {
  const navigate = useNavigate();
  return () => void navigate({ to });
}

/** A titled card grouping some of a long form's fields, stacked `gap` apart (`sm` unless told). */
export function FormSection({
  title,
  gap = 'sm',
  children,
}: {
  title: string;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap={gap}>{children}</Stack>
    </Card>
  );
}
