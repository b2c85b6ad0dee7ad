// Mantine's Tooltip on its own, loaded right after the first paint: see ./deferred-tooltip.
export { Tooltip } from '@mantine/core';
