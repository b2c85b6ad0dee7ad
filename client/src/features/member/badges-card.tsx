import { Anchor, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAward, IconBrandLinkedin, IconDownload } from '@tabler/icons-react';
import type { MemberBadge } from '@app/contract';
import { formatDay } from '../../components/format';
import { useBadges } from './api';
import { Section } from './section';
import classes from './member.module.css';

export const NO_BADGES = 'Finish a program to earn its Open Badge.';

function BadgeRow({ badge }: { badge: MemberBadge }) {
  return (
    <Stack gap="xs" className={classes.row}>
      <Group gap="sm" wrap="nowrap">
        <IconAward size={28} stroke={1.5} color="var(--mantine-color-violet-6)" aria-hidden />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Anchor href={badge.url} target="_blank" rel="noopener" fw={600} size="sm" truncate>
              {badge.name}
            </Anchor>
            {badge.revoked && (
              <Badge size="xs" color="red" variant="light">
                Revoked
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Open Badge · {formatDay(badge.issuedAt)}
          </Text>
        </div>
      </Group>
      {!badge.revoked && (
        <Group gap="xs" grow>
          <Button
            component="a"
            href={badge.linkedInUrl}
            target="_blank"
            rel="noopener"
            size="xs"
            variant="light"
            leftSection={<IconBrandLinkedin size={14} />}
          >
            Add to LinkedIn
          </Button>
          <Button
            component="a"
            href={`${badge.url}.json`}
            download={`badge-${badge.id}.json`}
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            aria-label={`Download the ${badge.name} credential`}
          >
            Credential
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The member's Open Badges: one per completed program, to add to LinkedIn or download as a credential. */
export function BadgesCard() {
  const result = useBadges();
  const badges = result.data?.body;
  return (
    <Section title="Badges">
      {result.isPending && <Skeleton h={48} radius="md" />}
      {badges?.length === 0 && (
        <Text c="dimmed" size="sm">
          {NO_BADGES}
        </Text>
      )}
      {badges && badges.length > 0 && (
        <div>
          {badges.map((b) => (
            <BadgeRow key={b.id} badge={b} />
          ))}
        </div>
      )}
    </Section>
  );
}
