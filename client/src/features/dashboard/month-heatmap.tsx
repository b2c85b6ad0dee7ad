import { alpha, Box, Group, Table, Text, Tooltip, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { formatCount, MONTH_NAMES, type MonthRow } from '@app/contract';
import classes from './month-heatmap.module.css';

const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));
const LEGEND_STEPS = [0.1, 0.3, 0.5, 0.7, 0.9];

/** Cell intensity 0..1 against the busiest month; any month with data is at least faintly coloured. */
export function intensity(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return 0.1 + 0.9 * (count / max);
}

type Grid = { year: number; counts: number[]; total: number }[];

function toGrid(rows: MonthRow[]): Grid {
  const years = new Map<number, number[]>();
  for (const row of rows) {
    const counts = years.get(row.year) ?? Array<number>(12).fill(0);
    counts[row.month - 1] = row.count;
    years.set(row.year, counts);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, counts]) => ({ year, counts, total: counts.reduce((s, c) => s + c, 0) }));
}

const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
const linear = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

/**
 * White or black, whichever reads better (WCAG contrast) on `base` laid over `backdrop` at opacity `level`:
 * one of the two always reaches 4.5:1, whatever the shade.
 */
export function readableOn(base: string, level: number, backdrop: string): 'white' | 'black' {
  const [r, g, b] = [0, 1, 2].map((i) => linear((channel(base, i) * level + channel(backdrop, i) * (1 - level)) / 255));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? 'white' : 'black';
}

/**
 * Joins per month by year (rows newest year first, columns January to December, a total per year):
 * the cell's colour deepens with its count; hovering shows the number. Months still to come are blank.
 */
export function MonthHeatmap({ rows, noun, now = new Date() }: { rows: MonthRow[]; noun: string; now?: Date }) {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const base = theme.colors[theme.primaryColor]![dark ? 5 : 6]!;
  const backdrop = dark ? theme.colors.dark[7]! : theme.white;
  const grid = toGrid(rows);
  const max = Math.max(0, ...rows.map((r) => r.count));
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth();

  if (!grid.length) {
    return (
      <Text c="dimmed" size="sm" py="md">
        No {noun} yet.
      </Text>
    );
  }

  return (
    <>
      {/* On a phone the grid scrolls sideways: the region takes focus so keyboard users can scroll it too. */}
      <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label={`${noun} by month`}>
        <Table
          className={classes.table}
          withRowBorders={false}
          verticalSpacing={3}
          horizontalSpacing={3}
          layout="fixed"
          style={{ borderCollapse: 'separate', borderSpacing: 3 }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>Year</Table.Th>
              {MONTHS.map((m) => (
                <Table.Th key={m} ta="center">
                  {m}
                </Table.Th>
              ))}
              <Table.Th w={84} ta="right">
                Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.map(({ year, counts, total }) => (
              <Table.Tr key={year}>
                <Table.Th scope="row" fw={600}>
                  {year}
                </Table.Th>
                {counts.map((count, m) => {
                  const future = year > thisYear || (year === thisYear && m > thisMonth);
                  if (future)
                    return (
                      <Table.Td
                        key={m}
                        className={classes.cell}
                        data-future
                        aria-label={`${MONTH_NAMES[m]} ${year}: not yet`}
                      />
                    );
                  const level = intensity(count, max);
                  const label = `${MONTH_NAMES[m]} ${year}: ${formatCount(count)} ${noun}`;
                  return (
                    <Tooltip key={m} label={label} withArrow openDelay={80}>
                      <Table.Td
                        className={classes.cell}
                        aria-label={label}
                        data-level={level ? level.toFixed(2) : '0'}
                        style={{
                          backgroundColor: level ? alpha(base, level) : undefined,
                          color: level ? readableOn(base, level, backdrop) : undefined,
                        }}
                      >
                        {count ? formatCount(count) : ''}
                      </Table.Td>
                    </Tooltip>
                  );
                })}
                <Table.Td ta="right" fw={600} className={classes.total}>
                  {formatCount(total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap={6} justify="flex-end" mt="xs" aria-hidden>
        <Text size="xs" c="dimmed">
          Fewer
        </Text>
        {LEGEND_STEPS.map((step) => (
          <Box key={step} className={classes.swatch} style={{ backgroundColor: alpha(base, step) }} />
        ))}
        <Text size="xs" c="dimmed">
          More (busiest month {formatCount(max)})
        </Text>
      </Group>
    </>
  );
}
