import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { crumbsFor } from './crumbs';
import { useCrumbLabels } from './crumb-labels';

export function ShellBreadcrumbs() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const crumbs = crumbsFor(pathname, useCrumbLabels());
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm" c="dimmed">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key="current" size="sm" fw={500} aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
