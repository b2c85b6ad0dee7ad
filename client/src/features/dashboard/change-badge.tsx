import { Badge } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { formatPercent } from '@app/contract';

const LOOK = {
  up: { color: 'green', Icon: IconArrowUpRight, word: 'Up' },
  down: { color: 'red', Icon: IconArrowDownRight, word: 'Down' },
  flat: { color: 'gray', Icon: IconMinus, word: 'No change' },
} as const;

/** The percent change against the previous period: green up, red down, gray when it shows as 0%. */
export function ChangeBadge({
  change,
  direction,
  against,
}: {
  change: number;
  direction: keyof typeof LOOK;
  against: string;
}) {
  const { color, Icon, word } = LOOK[direction];
  const shown = formatPercent(Math.abs(change));
  return (
    <Badge
      color={color}
      variant="light"
      size="lg"
      radius="sm"
      tt="none"
      leftSection={<Icon size={14} stroke={2.2} aria-hidden />}
      data-direction={direction}
      aria-label={direction === 'flat' ? `${word} against ${against}` : `${word} ${shown} against ${against}`}
      title={`Against ${against}`}
    >
      {shown}
    </Badge>
  );
}
