import { NavLink, Stack } from '@mantine/core';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { usePermissions } from '../../api/permissions';
import { DeferredTooltip } from '../deferred-tooltip';
import { activeNavTo, navItems, type NavItem } from './nav-items';

const fullStyles = { root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 500 } };
const railStyles = {
  root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: 'center', height: 44, paddingInline: 0 },
  section: { marginInlineEnd: 0 },
  body: { display: 'none' },
};

/**
 * The entries the account may open: each entry's screen declares the permission it needs on its route
 * (`needs(...)`, kept in the route's `staticData`), so the nav and the route guard read the same one.
 */
export function useNavItems(): NavItem[] {
  const { routesByPath } = useRouter();
  const { can } = usePermissions();
  const byPath = routesByPath as Record<string, { options: { staticData?: { permission?: string } } } | undefined>;
  return navItems.filter(({ to }) => can((byPath[`${to}/`] ?? byPath[to])?.options.staticData?.permission));
}

/** The nav entries; `rail` shows icons only, each with its label as tooltip and accessible name. */
export function SidebarNav({ rail, onNavigate }: { rail: boolean; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = useNavItems();
  const activeTo = activeNavTo(pathname, items);
  return (
    <Stack gap={4}>
      {items.map(({ label, to, icon: Icon }) => {
        const active = to === activeTo;
        const link = (
          <NavLink
            key={to}
            component={Link}
            to={to}
            activeOptions={{ exact: true }}
            active={active}
            aria-current={active ? 'page' : undefined}
            aria-label={rail ? label : undefined}
            label={rail ? undefined : label}
            leftSection={<Icon size={20} stroke={1.6} />}
            onClick={onNavigate}
            variant="light"
            styles={rail ? railStyles : fullStyles}
          />
        );
        return rail ? (
          <DeferredTooltip key={to} label={label} position="right" withArrow>
            {link}
          </DeferredTooltip>
        ) : (
          link
        );
      })}
    </Stack>
  );
}
