import { ActionIcon, Burger, Group } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { CurrentAccount } from '@app/contract';
import { BrandLink } from '../brand-link';
import { DeferredTooltip } from '../deferred-tooltip';
import { DeferredColorSchemeMenu, DeferredUserMenu } from './deferred-controls';
import { toggleShortcut, type useSidebarState } from './sidebar-state';

export const PRODUCT_NAME = 'Honor Society Admin';

type Props = { account: CurrentAccount; sidebar: ReturnType<typeof useSidebarState> };

export function ShellHeader({ account, sidebar }: Props) {
  const ToggleIcon = sidebar.desktopOpen ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={sidebar.mobileOpen}
          onClick={sidebar.toggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <DeferredTooltip label={`Toggle sidebar (${toggleShortcut})`}>
          <ActionIcon
            visibleFrom="sm"
            variant="subtle"
            color="gray"
            size="lg"
            onClick={sidebar.toggleDesktop}
            aria-label="Toggle sidebar"
            aria-expanded={sidebar.desktopOpen}
          >
            <ToggleIcon size={20} stroke={1.6} />
          </ActionIcon>
        </DeferredTooltip>
        <BrandLink to="/admin" name={PRODUCT_NAME} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <DeferredColorSchemeMenu />
        <DeferredUserMenu account={account} />
      </Group>
    </Group>
  );
}
