import { Paper, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { ResponsiveLine } from '@nivo/line';
import { formatCount } from '@app/contract';
import type { SparkPoint } from './figures';

/**
 * The card's sparkline (loaded lazily: nivo is fetched only by the dashboard). No axes or grid; the
 * line takes the theme's primary colour; hovering a point shows its period and count.
 */
export default function Sparkline({ points, label }: { points: SparkPoint[]; label: string }) {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const color = theme.colors[theme.primaryColor]![scheme === 'dark' ? 4 : 6]!;
  const max = Math.max(1, ...points.map((p) => p.count));
  return (
    <ResponsiveLine
      data={[{ id: label, data: points.map((p) => ({ x: p.label, y: p.count })) }]}
      margin={{ top: 6, right: 6, bottom: 6, left: 6 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: max * 1.1 }}
      curve="monotoneX"
      colors={[color]}
      lineWidth={2}
      enableArea
      areaOpacity={scheme === 'dark' ? 0.18 : 0.12}
      enableGridX={false}
      enableGridY={false}
      axisTop={null}
      axisRight={null}
      axisBottom={null}
      axisLeft={null}
      pointSize={5}
      pointColor={color}
      pointBorderWidth={0}
      useMesh
      animate={false}
      role="img"
      ariaLabel={`${label}: ${points.map((p) => `${p.label} ${formatCount(p.count)}`).join(', ')}`}
      tooltip={({ point }) => (
        <Paper shadow="sm" px="xs" py={4} withBorder>
          <Text size="xs" c="dimmed">
            {String(point.data.x)}
          </Text>
          <Text size="sm" fw={600}>
            {formatCount(Number(point.data.y))}
          </Text>
        </Paper>
      )}
    />
  );
}
