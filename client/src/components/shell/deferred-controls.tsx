import { ActionIcon, Box, UnstyledButton, useComputedColorScheme, type ScrollAreaProps } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import type { CurrentAccount } from '@app/contract';
import { deferred } from '../../lib/deferred';
import { UserBadge, userName } from './user-badge';

/*
 * Menus and the sidebar's ScrollArea bring Mantine's floating and portal code (about 45 KiB gzip), which
 * the first paint of an admin screen does not need. Their import starts as soon as this module runs, so
 * they arrive right after the first paint; until then each control shows a look-alike of the same size.
 * The menus' look-alikes are hidden from assistive technology and cannot be focused or clicked, so nobody
 * can act on a control that is not there yet: the real one, with its label and role, replaces it as soon
 * as it arrives. The sidebar's is a plain scrolling box around the same links.
 */
const useOverlays = deferred(() => import('./header-overlays'));

/**
 * The sidebar's Mantine ScrollArea once loaded; until then a box that scrolls the same way with its
 * scrollbar hidden (ScrollArea shows its own only on hover).
 */
export function DeferredScrollArea(props: ScrollAreaProps) {
  const overlays = useOverlays();
  if (overlays) return <overlays.ScrollArea {...props} />;
  // What AppShell.Section passes (its class, style and data-grow) goes on the box; `scrollbars` does not apply.
  const { children, className, style, scrollbars: _scrollbars, ...rest } = props;
  return (
    <Box
      className={className}
      style={[style, { overflowX: 'hidden', overflowY: 'auto', scrollbarWidth: 'none' }]}
      {...rest}
    >
      {children}
    </Box>
  );
}

/** The header's account menu (see ./user-menu). */
export function DeferredUserMenu({ account }: { account: CurrentAccount }) {
  const overlays = useOverlays();
  if (overlays) return <overlays.UserMenu account={account} />;
  return (
    <UnstyledButton component="div" aria-hidden style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
      <UserBadge account={account} name={userName(account)} />
    </UnstyledButton>
  );
}

/** The header's theme button (see ./color-scheme). */
export function DeferredColorSchemeMenu() {
  const overlays = useOverlays();
  const computed = useComputedColorScheme('light');
  if (overlays) return <overlays.ColorSchemeMenu />;
  const CurrentIcon = computed === 'dark' ? IconMoon : IconSun;
  return (
    <ActionIcon component="div" aria-hidden variant="default" size="lg" radius="md">
      <CurrentIcon size={18} stroke={1.6} />
    </ActionIcon>
  );
}
