import { Card, Text } from '@mantine/core';

/**
 * The place of the bounce and complaint guards' card (issue 37 §3: their rates against their thresholds),
 * which the guards' own work provides.
 */
export function GuardsSlot() {
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} size="sm">
        Bounce and complaint guards
      </Text>
      <Text size="sm" c="dimmed">
        Their rates against their thresholds show here.
      </Text>
    </Card>
  );
}
