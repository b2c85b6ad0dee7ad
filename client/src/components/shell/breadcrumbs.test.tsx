import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { crumbsFor } from './crumbs';

describe('breadcrumbs', () => {
  it('derive from the path, every crumb but the last a link', () => {
    expect(crumbsFor('/admin/chapters/12/edit')).toEqual([
      { label: 'Dashboard', to: '/admin' },
      { label: 'Chapters', to: '/admin/chapters' },
      { label: '12', to: '/admin/chapters/12' },
      { label: 'Edit' },
    ]);
    expect(crumbsFor('/admin').map((c) => c.label)).toEqual(['Dashboard']);
    expect(crumbsFor('/admin/accounts/members').map((c) => c.label)).toEqual(['Dashboard', 'Accounts', 'Members']);
    expect(crumbsFor('/admin/calendar-events/new').map((c) => c.label)).toEqual([
      'Dashboard',
      'Calendar events',
      'New',
    ]);
    expect(crumbsFor('/admin/tags/caf%C3%A9').at(-1)).toEqual({ label: 'Café' });
  });

  it('render above the page', async () => {
    renderRoute('/admin/chapters/12/edit');
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin');
    expect(within(trail).getByRole('link', { name: 'Chapters' }).getAttribute('href')).toBe('/admin/chapters');
    expect(within(trail).getByRole('link', { name: '12' }).getAttribute('href')).toBe('/admin/chapters/12');
    const last = within(trail).getByText('Edit');
    expect(last.closest('a')).toBeNull();
    expect(last.getAttribute('aria-current')).toBe('page');
  });
});
