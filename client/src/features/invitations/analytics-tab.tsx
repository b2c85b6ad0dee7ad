import { Card, Paper, Stack, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { ResponsiveLine } from '@nivo/line';
import { LoadedEntity } from '../../components/form-kit';
import type { InvitationAnalytics } from '@app/contract';
import { useInvitationAnalytics } from './api';
import { count, formatDay } from './format';

/** Running totals of pledges and joins by day (@nivo/line, loaded with this tab only). */
function Chart({ days }: InvitationAnalytics) {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const shade = dark ? 4 : 6;
  const text = dark ? theme.colors.dark[0] : theme.colors.gray[7];
  const grid = dark ? theme.colors.dark[4] : theme.colors.gray[2];
  const series = [
    { id: 'Pledged', data: days.map((d) => ({ x: d.day, y: d.totalPledged })) },
    { id: 'Joined', data: days.map((d) => ({ x: d.day, y: d.totalJoined })) },
  ];
  const last = days[days.length - 1]!;
  return (
    <div style={{ height: 320 }}>
      <ResponsiveLine
        data={series}
        margin={{ top: 16, right: 24, bottom: 48, left: 56 }}
        xScale={{ type: 'time', format: '%Y-%m-%d', precision: 'day', useUTC: true }}
        xFormat="time:%b %d, %Y"
        yScale={{ type: 'linear', min: 0 }}
        axisBottom={{ format: '%b %d', tickValues: 6, tickRotation: 0 }}
        axisLeft={{ tickValues: 5 }}
        colors={[theme.colors.blue[shade]!, theme.colors.green[shade]!]}
        theme={{ text: { fill: text }, grid: { line: { stroke: grid } }, axis: { ticks: { text: { fill: text } } } }}
        lineWidth={2}
        pointSize={4}
        useMesh
        enableSlices="x"
        animate={false}
        legends={[
          { anchor: 'top-left', direction: 'row', itemWidth: 90, itemHeight: 20, translateX: 8, itemTextColor: text },
        ]}
        role="img"
        ariaLabel={`Pledged ${count(last.totalPledged)} and joined ${count(last.totalJoined)} by ${formatDay(last.day)}`}
        sliceTooltip={({ slice }) => (
          <Paper shadow="sm" px="xs" py={4} withBorder>
            <Text size="xs" c="dimmed">
              {String(slice.points[0]?.data.xFormatted)}
            </Text>
            {slice.points.map((p) => (
              <Text key={p.id} size="sm">
                {p.seriesId}: <b>{count(Number(p.data.y))}</b>
              </Text>
            ))}
          </Paper>
        )}
      />
    </div>
  );
}

/** The invitation's Analytics tab: pledges and joins over time. */
export default function AnalyticsTab({ invitationId }: { invitationId: number }) {
  const result = useInvitationAnalytics(invitationId);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text fw={600}>Pledges and joins over time</Text>
        <LoadedEntity result={result}>
          {(a) =>
            a.days.length ? (
              <Chart days={a.days} />
            ) : (
              <Text size="sm" c="dimmed">
                No invitee has pledged or joined yet.
              </Text>
            )
          }
        </LoadedEntity>
      </Stack>
    </Card>
  );
}
