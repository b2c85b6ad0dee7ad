import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { activeNavTo } from './nav-items';
import { readSidebarOpen } from './sidebar-state';

const sidebar = () => screen.getByRole('navigation', { name: 'Main' });

describe('sidebar', () => {
  beforeEach(() => {
    document.cookie = 'sidebar_state=; path=/; max-age=0';
  });

  it('toggles with Ctrl+B and Cmd+B and remembers the state in a cookie', async () => {
    renderRoute('/admin');
    await screen.findByRole('link', { name: 'Dashboard' });
    expect(sidebar().getAttribute('data-collapsed')).toBe('false');

    fireEvent.keyDown(document.body, { key: 'b', code: 'KeyB', ctrlKey: true });
    await waitFor(() => expect(sidebar().getAttribute('data-collapsed')).toBe('true'));
    expect(document.cookie).toContain('sidebar_state=false');

    fireEvent.keyDown(document.body, { key: 'b', code: 'KeyB', metaKey: true });
    await waitFor(() => expect(sidebar().getAttribute('data-collapsed')).toBe('false'));
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('ignores the shortcut while typing in a field', async () => {
    renderRoute('/admin');
    await screen.findByRole('link', { name: 'Dashboard' });
    const input = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(input, { key: 'b', ctrlKey: true });
    expect(sidebar().getAttribute('data-collapsed')).toBe('false');
    input.remove();
  });

  it('starts collapsed, as an icon rail with named links, when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderRoute('/admin');
    const dashboard = await screen.findByRole('link', { name: 'Dashboard' });
    expect(sidebar().getAttribute('data-collapsed')).toBe('true');
    expect(within(dashboard).queryByText('Dashboard')).toBeNull();
  });

  it('reads only its own cookie', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarOpen('my_sidebar_state=false')).toBe(true);
  });

  it('links every area and marks the current one', async () => {
    renderRoute('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });
    const institutions = within(nav).getByRole('link', { name: 'Institutions' });
    expect(dashboard.getAttribute('href')).toBe('/admin');
    expect(institutions.getAttribute('href')).toBe('/admin/institutions');
    expect(dashboard.getAttribute('aria-current')).toBe('page');
    expect(institutions.getAttribute('aria-current')).toBeNull();
  });

  it('marks the dashboard only on itself and an area on all its pages', async () => {
    expect(activeNavTo('/admin')).toBe('/admin');
    expect(activeNavTo('/admin/')).toBe('/admin');
    expect(activeNavTo('/admin/institutions/4/edit')).toBe('/admin/institutions');
    expect(activeNavTo('/admin/profile')).toBeUndefined();
    expect(
      activeNavTo('/admin/accounts/members/3', [{ to: '/admin/accounts' }, { to: '/admin/accounts/members' }]),
    ).toBe('/admin/accounts/members');

    renderRoute('/admin/profile');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });
});
