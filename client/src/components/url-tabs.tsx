import { Suspense, type ReactNode } from 'react';
import { Loader, Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { toUrlSearch } from './list-kit/list-search';

/** 'Score Matrix' -> 'score-matrix': Mantine makes element ids from a tab's value, where ARIA allows no spaces. */
const slug = (tab: string) => tab.toLowerCase().replace(/\s+/g, '-');

/**
 * Tabs whose choice is the URL's `tab` key (left out for the default: `fallback`, else the first tab; a switch
 * starts the other tab's URL state afresh). Only the shown panel is mounted, so each may be a lazily loaded chunk (a loader shows meanwhile). A `current` tab not
 * in `tabs` (e.g. one hidden for this record) shows the default.
 * @example <UrlTabs tabs={['General', 'Analytics']} current={search.tab} panels={{ General: <GeneralTab />, Analytics: <AnalyticsTab /> }} />
 */
export function UrlTabs<T extends string>(props: {
  tabs: readonly T[];
  current: T | undefined;
  panels: Record<T, ReactNode>;
  fallback?: T;
}) {
  const { tabs, current, panels } = props;
  const navigate = useNavigate();
  const fallback = props.fallback ?? tabs[0]!;
  const shown = current && tabs.includes(current) ? current : fallback;
  const choose = (value: string | null) => {
    const next = tabs.find((t) => slug(t) === value) ?? fallback;
    void navigate({ to: '.', search: () => toUrlSearch({ tab: next === fallback ? undefined : next }) });
  };
  return (
    <Tabs value={slug(shown)} onChange={choose} keepMounted={false}>
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t} value={slug(t)}>
            {t}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Suspense fallback={<Loader m="md" aria-label="Loading" />}>
        {tabs.map((t) => (
          <Tabs.Panel key={t} value={slug(t)} pt="md">
            {panels[t]}
          </Tabs.Panel>
        ))}
      </Suspense>
    </Tabs>
  );
}
