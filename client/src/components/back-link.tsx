import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * The '← {label}' link above a screen's title, back to where it belongs (its list, its program); dimmed
 * unless told otherwise.
 * @example <BackLink to="/admin/learning/assessments" label="Assessments" />
 */
export function BackLink({ to, label, dimmed = true }: { to: string; label: string; dimmed?: boolean }) {
  return (
    <Anchor component={Link} to={to} size="sm" c={dimmed ? 'dimmed' : undefined}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} />
        {label}
      </Group>
    </Anchor>
  );
}
