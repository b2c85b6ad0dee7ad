import { Badge, Tooltip } from '@mantine/core';

/**
 * The small 'Test' badge of an invitation in an A/B test; its tooltip names the test.
 * @example {i.test && <AbTestBadge name={i.test.name} />}
 */
export function AbTestBadge({ name }: { name: string }) {
  return (
    <Tooltip label={`A/B test: ${name}`}>
      <Badge size="xs" variant="light" color="grape">
        Test
      </Badge>
    </Tooltip>
  );
}
