import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../test/render';

async function openUserMenuItem(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name }));
}

describe('user menu', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('shows the initials of the signed-in user', async () => {
    renderRoute('/admin');
    const button = await screen.findByRole('button', { name: /Account menu/ });
    expect(within(button).getByText('AA')).toBeTruthy();
  });

  it('asks before signing out, then goes to the logout address', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderRoute('/admin');
    await openUserMenuItem('Sign out');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to sign out?')).toBeTruthy();
    expect(within(dialog).getByText("You'll be redirected to the login page.")).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, sign out' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/logout');
  });

  it('stays signed in on Cancel', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderRoute('/admin');
    await openUserMenuItem('Sign out');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to sign out?')).toBeNull());
    expect(assign).not.toHaveBeenCalled();
  });

  it('opens the profile', async () => {
    const { router } = renderRoute('/admin');
    await openUserMenuItem('Profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/profile'));
  });

  it('chooses the color scheme under Appearance and keeps it in local storage', async () => {
    renderRoute('/admin');
    await openUserMenuItem('Appearance');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByText('Dark'));
    await waitFor(() => expect(localStorage.getItem('color-scheme')).toBe('dark'));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    await userEvent.click(within(dialog).getByText('System'));
    await waitFor(() => expect(localStorage.getItem('color-scheme')).toBe('auto'));
  });

  it('offers Light, Dark and System from the header theme button', async () => {
    renderRoute('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Theme' }));
    expect(screen.getByRole('menuitem', { name: 'Dark' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'System' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Light' }));
    await waitFor(() => expect(localStorage.getItem('color-scheme')).toBe('light'));
  });
});
