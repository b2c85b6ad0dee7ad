import type { TooltipProps } from '@mantine/core';
import { deferred } from '../lib/deferred';

/*
 * A tooltip brings Mantine's floating layer (about 25 KiB gzip), which no first paint needs. Its import
 * starts as soon as this module runs, so it arrives right after the first paint; until then the target
 * shows alone. Only the hover text waits: the target is there, works and carries its own accessible name.
 */
const useTooltip = deferred(() => import('./tooltip'));

/**
 * A Mantine Tooltip once loaded; until then the target alone.
 * @example <DeferredTooltip label="Edit"><ActionIcon aria-label="Edit Acme">...</ActionIcon></DeferredTooltip>
 */
export function DeferredTooltip(props: TooltipProps) {
  const loaded = useTooltip();
  return loaded ? <loaded.Tooltip {...props} /> : props.children;
}
