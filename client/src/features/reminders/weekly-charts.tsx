import { Card, Paper, SimpleGrid, Stack, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { ResponsiveLine } from '@nivo/line';
import type { WeeklyEmailStats } from '@app/contract';
import { formatDay, percent } from '../../components/format';

type Week = WeeklyEmailStats['weeks'][number];
type Trend = { key: 'deliveredRate' | 'openedRate' | 'clickThruRate'; title: string; color: string; empty: string };

const TRENDS: Trend[] = [
  { key: 'deliveredRate', title: 'Delivery rate', color: 'teal', empty: 'Nothing sent in these weeks yet' },
  { key: 'openedRate', title: 'Open rate', color: 'blue', empty: 'Nothing delivered in these weeks yet' },
  { key: 'clickThruRate', title: 'Click-through rate', color: 'grape', empty: 'Nothing delivered in these weeks yet' },
];

/** One weekly trend (@nivo/line): a rate by week, n/a weeks left out. */
function TrendChart({ weeks, trend }: { weeks: Week[]; trend: Trend }) {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const text = dark ? theme.colors.dark[0] : theme.colors.gray[7];
  const grid = dark ? theme.colors.dark[4] : theme.colors.gray[2];
  const points = weeks.filter((w) => w[trend.key] !== null).map((w) => ({ x: w.week, y: w[trend.key]! }));
  const last = points[points.length - 1];
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {trend.title}
        </Text>
        <Text size="xs" c="dimmed">
          {last ? `${percent(last.y)} in the week of ${formatDay(last.x)}` : trend.empty}
        </Text>
        <div style={{ height: 200 }}>
          {points.length > 0 && (
            <ResponsiveLine
              data={[{ id: trend.title, data: points }]}
              margin={{ top: 12, right: 16, bottom: 36, left: 48 }}
              xScale={{ type: 'time', format: '%Y-%m-%d', precision: 'day', useUTC: true }}
              xFormat="time:%b %d, %Y"
              yScale={{ type: 'linear', min: 0, max: 'auto' }}
              axisBottom={{ format: '%b %d', tickValues: 4 }}
              axisLeft={{ tickValues: 4, format: (v) => percent(Number(v), 0) }}
              colors={[theme.colors[trend.color]![dark ? 4 : 6]!]}
              theme={{
                text: { fill: text },
                grid: { line: { stroke: grid } },
                axis: { ticks: { text: { fill: text } } },
              }}
              lineWidth={2}
              pointSize={6}
              useMesh
              animate={false}
              role="img"
              ariaLabel={`${trend.title} by week${last ? `, ${percent(last.y)} in the latest week` : ''}`}
              tooltip={({ point }) => (
                <Paper shadow="sm" px="xs" py={4} withBorder>
                  <Text size="xs" c="dimmed">
                    Week of {String(point.data.xFormatted)}
                  </Text>
                  <Text size="sm">
                    {trend.title}: <b>{percent(Number(point.data.y))}</b>
                  </Text>
                </Paper>
              )}
            />
          )}
        </div>
      </Stack>
    </Card>
  );
}

/** The three weekly trends of the all-reminders screen (its own chunk: @nivo/line loads only here). */
export default function WeeklyCharts({ weeks }: WeeklyEmailStats) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {TRENDS.map((trend) => (
        <TrendChart key={trend.key} weeks={weeks} trend={trend} />
      ))}
    </SimpleGrid>
  );
}
