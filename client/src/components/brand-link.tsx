import { Group, Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The logo and product name in a header, linking home; `reloadDocument`: a home the server renders (/member). */
export function BrandLink({
  to,
  name,
  reloadDocument,
}: {
  to: '/admin' | '/member';
  name: string;
  reloadDocument?: boolean;
}) {
  return (
    <UnstyledButton component={Link} to={to} reloadDocument={reloadDocument} aria-label={`${name} home`} miw={0}>
      <Group gap={8} wrap="nowrap">
        <Image src="/logo.svg" w={30} h={30} alt="" />
        <Text fw={700} size="md" truncate>
          {name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
