import { Group, Paper, Stack, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { ResponsiveLine } from '@nivo/line';
import type { DeliverabilityDay } from '@app/contract';
import { count } from '../../components/format';

const SERIES: { key: keyof Omit<DeliverabilityDay, 'day'>; label: string; color: string }[] = [
  { key: 'sent', label: 'Sent', color: 'blue' },
  { key: 'delivered', label: 'Delivered', color: 'teal' },
  { key: 'deferred', label: 'Deferred', color: 'yellow' },
  { key: 'bounced', label: 'Bounced', color: 'red' },
  { key: 'complained', label: 'Complained', color: 'grape' },
  { key: 'opened', label: 'Opened', color: 'cyan' },
];

/** Sent, delivered, deferred, bounced, complained and opened per day (@nivo/line; its own chunk). */
export default function VolumeChart({ days }: { days: DeliverabilityDay[] }) {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const text = dark ? theme.colors.dark[0] : theme.colors.gray[7];
  const grid = dark ? theme.colors.dark[4] : theme.colors.gray[2];
  const data = SERIES.map((s) => ({ id: s.label, data: days.map((d) => ({ x: d.day, y: d[s.key] })) }));
  const total = days.reduce((n, d) => n + d.sent, 0);
  const colors = SERIES.map((s) => theme.colors[s.color]![dark ? 4 : 6]!);
  return (
    <Stack gap="xs">
      <div style={{ height: 240 }}>
        <ResponsiveLine
          data={data}
          margin={{ top: 12, right: 16, bottom: 36, left: 56 }}
          xScale={{ type: 'time', format: '%Y-%m-%d', precision: 'day', useUTC: true }}
          xFormat="time:%b %d, %Y"
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          axisBottom={{ format: '%b %d', tickValues: `every ${Math.max(1, Math.ceil(days.length / 4))} days` }}
          axisLeft={{ tickValues: 4, format: (v) => count(Number(v)) }}
          colors={colors}
          theme={{
            text: { fill: text },
            grid: { line: { stroke: grid } },
            axis: { ticks: { text: { fill: text } } },
          }}
          lineWidth={2}
          pointSize={4}
          useMesh
          animate={false}
          role="img"
          ariaLabel={`Sending per day: ${count(total)} sent over ${days.length} days`}
          tooltip={({ point }) => (
            <Paper shadow="sm" px="xs" py={4} withBorder>
              <Text size="xs" c="dimmed">
                {String(point.data.xFormatted)}
              </Text>
              <Text size="sm">
                {String(point.seriesId)}: <b>{count(Number(point.data.y))}</b>
              </Text>
            </Paper>
          )}
        />
      </div>
      {/* The legend as text that wraps on a phone (nivo's own is drawn in the chart and would be cut off). */}
      <Group gap="md" justify="center">
        {SERIES.map((s, i) => (
          <Group key={s.key} gap={6} wrap="nowrap">
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: colors[i] }} />
            <Text size="xs">{s.label}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
