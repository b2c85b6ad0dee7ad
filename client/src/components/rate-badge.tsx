import { Badge, Tooltip } from '@mantine/core';
import type { RateLevel } from '@app/contract';
import { percent } from './format';

const COLOR: Record<RateLevel, string> = { good: 'green', fair: 'yellow', poor: 'red', none: 'gray' };
const WORD: Record<RateLevel, string> = { good: 'good', fair: 'fair', poor: 'poor', none: 'no data yet' };

/**
 * A rate as a badge coloured by the level the server decided (good green, fair yellow, poor red, n/a
 * gray); the tooltip says what it counts. The level is in the accessible name too, not only the colour.
 * @example <RateBadge label="Open rate" rate={r.openRate} level={r.openRateLevel} detail="120 of 400 delivered" />
 */
export function RateBadge({
  label,
  rate,
  level,
  detail,
}: {
  label: string;
  rate: number | null;
  level: RateLevel;
  detail?: string;
}) {
  const text = percent(rate);
  return (
    <Tooltip label={`${label}: ${text}${detail ? ` (${detail})` : ''}`} withArrow>
      <Badge
        size="sm"
        variant="light"
        color={COLOR[level]}
        tt="none"
        tabIndex={0}
        aria-label={`${label} ${text}, ${WORD[level]}`}
      >
        {text}
      </Badge>
    </Tooltip>
  );
}
