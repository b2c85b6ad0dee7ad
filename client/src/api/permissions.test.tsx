import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { accountsContract, institutionsContract, rolesContract } from '@app/contract';
import { mockServer } from '../mocks/node';
import { ALL_PERMISSIONS } from '../mocks/fixtures';
import { renderRoute } from '../test/render';
import { signInWith } from '../test/permissions';
import { navItems } from '../components/shell/nav-items';
import { holds, permissionNeeded } from './permissions';

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('permissions: one mechanism from the contract', () => {
  it('reads what a call needs from its contract route, and what an account holds from its permissions', () => {
    expect(permissionNeeded(accountsContract.exportMembers)).toBe('accounts:export');
    expect(permissionNeeded(institutionsContract.create)).toBe('institutions:write');
    expect(permissionNeeded(rolesContract.list)).toBe('roles:read');
    expect(permissionNeeded('self')).toBeUndefined();
    const auditor = { permissions: ['accounts:read', 'roles:read'] };
    expect(holds(auditor, accountsContract.list)).toBe(true);
    expect(holds(auditor, accountsContract.exportMembers)).toBe(false);
    expect(holds(auditor, rolesContract.create)).toBe(false);
    expect(holds(undefined, accountsContract.list)).toBe(false);
  });

  it('guards every nav entry with a permission of the contract (a typo or an unguarded screen fails here)', async () => {
    const { router } = renderRoute('/admin/profile');
    await screen.findByRole('navigation', { name: 'Main' });
    const byPath = router.routesByPath as Record<string, { options: { staticData?: { permission?: string } } }>;
    for (const { to } of navItems) {
      const permission = (byPath[`${to}/`] ?? byPath[to])?.options.staticData?.permission;
      expect(permission, to).toBeDefined();
      expect(ALL_PERMISSIONS, to).toContain(permission);
    }
  });
});

describe('screens follow the permissions', () => {
  const requests: string[] = [];
  const record = ({ request }: { request: Request }) => void requests.push(new URL(request.url).pathname);
  beforeEach(() => {
    requests.splice(0);
    mockServer.events.on('request:start', record);
  });
  afterEach(() => mockServer.events.removeListener('request:start', record));

  it('shows in the nav only the areas the account may read', async () => {
    signInWith(['institutions:read', 'chapters:read']);
    renderRoute('/admin/institutions');
    await screen.findByRole('heading', { name: 'Institutions' });
    expect(nav().getByRole('link', { name: 'Institutions' })).toBeTruthy();
    expect(nav().getByRole('link', { name: 'Chapters' })).toBeTruthy();
    for (const hidden of ['Dashboard', 'Accounts', 'Members', 'Payments', 'Audit Log', 'Roles', 'API Keys']) {
      expect(nav().queryByRole('link', { name: hidden }), hidden).toBeNull();
    }
  });

  it('hides Add and Edit without the write permission, and shows them with it', async () => {
    signInWith(['institutions:read']);
    const view = renderRoute('/admin/institutions');
    await screen.findByRole('heading', { name: 'Institutions' });
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: 'Add Institution' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Edit / })).toHaveLength(0);
    view.unmount();

    signInWith(['institutions:read', 'institutions:write']);
    renderRoute('/admin/institutions');
    expect(await screen.findByRole('button', { name: 'Add Institution' })).toBeTruthy();
  });

  it('hides Export without the export permission (an auditor reads but does not export)', async () => {
    signInWith(['accounts:read']);
    const view = renderRoute('/admin/accounts/members');
    await screen.findByRole('heading', { name: 'Members' });
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(screen.queryByRole('link', { name: 'Export' })).toBeNull();
    view.unmount();

    signInWith(['accounts:read', 'accounts:export']);
    renderRoute('/admin/accounts/members');
    expect(await screen.findByRole('link', { name: 'Export' })).toBeTruthy();
  });

  it('sends staff without the dashboard to their profile rather than a refusal', async () => {
    signInWith(['emailTemplates:read']);
    const { router } = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/profile'));
    // The shell renders its frame in the background, just after the route settles (components/shell/admin-shell).
    await screen.findByRole('navigation', { name: 'Main' });
    expect(nav().getByRole('link', { name: 'Email Templates' })).toBeTruthy();
    expect(nav().queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('answers a deep link to a forbidden screen inside the shell, with no API call behind it', async () => {
    signInWith(['institutions:read']);
    renderRoute('/admin/accounts?edit=3');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(requests).toContain('/api/public/account');
    expect(requests.filter((p) => p.startsWith('/api/admin/'))).toEqual([]);
  });
});
