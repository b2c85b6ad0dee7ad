// The email flags as icons, shared by the send log and the invitee lists (spec 02/03 status icons).
import { Group, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconAlertOctagon,
  IconArrowBackUp,
  IconBan,
  IconClick,
  IconClockPause,
  IconMailCheck,
  IconMailOff,
  IconMailOpened,
  IconMailX,
  IconSend,
} from '@tabler/icons-react';
import type { EmailEventKind } from '@app/contract';

type Flag = { key: EmailEventKind; label: string; icon: Icon; color: string };

/** The ten flags in three groups (spec 03: delivery, engagement and negative status icons). */
export const STATUS_GROUPS: { name: string; flags: Flag[] }[] = [
  {
    name: 'Delivery',
    flags: [
      { key: 'sent', label: 'Sent', icon: IconSend, color: 'blue' },
      { key: 'delivered', label: 'Delivered', icon: IconMailCheck, color: 'teal' },
      { key: 'deferred', label: 'Deferred', icon: IconClockPause, color: 'yellow' },
    ],
  },
  {
    name: 'Engagement',
    flags: [
      { key: 'opened', label: 'Opened', icon: IconMailOpened, color: 'grape' },
      { key: 'clicked', label: 'Clicked', icon: IconClick, color: 'indigo' },
    ],
  },
  {
    name: 'Negative',
    flags: [
      { key: 'rejected', label: 'Rejected', icon: IconBan, color: 'red' },
      { key: 'bouncedSoft', label: 'Soft bounce', icon: IconArrowBackUp, color: 'orange' },
      { key: 'bouncedHard', label: 'Hard bounce', icon: IconMailX, color: 'red' },
      { key: 'spam', label: 'Spam complaint', icon: IconAlertOctagon, color: 'red' },
      { key: 'unsub', label: 'Unsubscribed', icon: IconMailOff, color: 'gray' },
    ],
  },
];

export const EVENT_LABELS = Object.fromEntries(
  STATUS_GROUPS.flatMap((g) => g.flags.map((f) => [f.key, f.label])),
) as Record<EmailEventKind, string>;

/**
 * One group's icons for the flags that are set (each named for assistive technology); a dash when none.
 * @example <StatusIcons has={(k) => send[k]} group={STATUS_GROUPS[0]} />
 */
export function StatusIcons({
  has,
  group,
}: {
  has: (flag: EmailEventKind) => boolean;
  group: (typeof STATUS_GROUPS)[number];
}) {
  const set = group.flags.filter((f) => has(f.key));
  if (!set.length) return <span aria-label={`${group.name}: none`}>—</span>;
  return (
    <Group gap={4} wrap="nowrap" role="list" aria-label={group.name}>
      {set.map((f) => (
        <ThemeIcon
          key={f.key}
          role="listitem"
          aria-label={f.label}
          title={f.label}
          variant="light"
          color={f.color}
          size="sm"
          radius="xl"
        >
          <f.icon size={14} aria-hidden />
        </ThemeIcon>
      ))}
    </Group>
  );
}
