import { Stack, Text, UnstyledButton } from '@mantine/core';
import { DirectoryOptOutBadge } from '../../components/directory-opt-out-badge';

/**
 * A person's name over their email; the name opens the row's edit panel when there is one. Both wrap (anywhere, for
 * an email) rather than being cut: on a phone the cell is narrow beside the row's actions.
 */
export function PersonCell({
  name,
  email,
  onOpen,
  optOut,
}: {
  name: string;
  email: string;
  onOpen?: () => void;
  /** FERPA directory opt-out (issue 36 §5): a badge under the email. */
  optOut?: boolean;
}) {
  const title = (
    <Text size="sm" fw={500} ta="start">
      {name}
    </Text>
  );
  return (
    <Stack gap={0} miw={0}>
      {onOpen ? (
        <UnstyledButton onClick={onOpen} aria-label={`Open ${name}`}>
          {title}
        </UnstyledButton>
      ) : (
        title
      )}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Text>
      {optOut && <DirectoryOptOutBadge />}
    </Stack>
  );
}
