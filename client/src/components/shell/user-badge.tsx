import { Avatar, Box, Group, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { CurrentAccount } from '@app/contract';

/** The name the header shows for the signed-in account. */
export function userName(account: CurrentAccount) {
  return account.fullName || `${account.firstName} ${account.lastName}`.trim() || account.email;
}

/** What the account menu's button shows (avatar, name, chevron); also its look-alike before the menu loads. */
export function UserBadge({ account, name }: { account: CurrentAccount; name: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar src={account.avatarUrl} name={name} color="initials" radius="xl" size={34} aria-hidden />
      <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
        {name}
      </Text>
      <Box component="span" visibleFrom="sm" display="flex">
        <IconChevronDown size={14} stroke={1.6} />
      </Box>
    </Group>
  );
}
