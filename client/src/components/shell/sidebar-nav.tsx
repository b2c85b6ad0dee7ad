import { NavLink, Stack } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { DeferredTooltip } from '../deferred-tooltip';
import { activeNavTo, navItems } from './nav-items';

const fullStyles = { root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 500 } };
const railStyles = {
  root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: 'center', height: 44, paddingInline: 0 },
  section: { marginInlineEnd: 0 },
  body: { display: 'none' },
};

/** The nav entries; `rail` shows icons only, each with its label as tooltip and accessible name. */
export function SidebarNav({ rail, onNavigate }: { rail: boolean; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const activeTo = activeNavTo(pathname);
  return (
    <Stack gap={4}>
      {navItems.map(({ label, to, icon: Icon }) => {
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
