import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PermissionArea, Role } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { requestLog } from '../../test/request-log';
import { renderRoute } from '../../test/render';

const role = (over: Partial<Role>): Role => ({
  id: 1,
  name: 'ROLE_ADMIN',
  description: 'Everything',
  permissions: ['roles:read'],
  chapterScoped: false,
  builtIn: true,
  accounts: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const ROLES = [
  role({}),
  role({ id: 7, name: 'ROLE_TREASURER', description: 'Payments', builtIn: false, accounts: 0 }),
  role({ id: 8, name: 'ROLE_HELPER', builtIn: false, accounts: 3, chapterScoped: true }),
];
const AREAS: PermissionArea[] = [
  {
    area: 'payments',
    label: 'Payments',
    read: { scope: 'payments:read', calls: ['GET /api/admin/accounts/payments'] },
    write: { scope: 'payments:write', calls: ['POST /api/admin/accounts/payments'] },
    export: { scope: 'payments:export', calls: ['GET /api/admin/accounts/payments/export'] },
  },
];

function serve() {
  const log = requestLog();
  mockServer.use(
    http.get('/api/admin/tech/roles', () => HttpResponse.json({ items: ROLES })),
    http.get('/api/admin/tech/permissions', () => HttpResponse.json({ items: AREAS })),
    http.post('/api/admin/tech/roles', async ({ request }) => {
      await log.record(request);
      return HttpResponse.json(role({ id: 9, builtIn: false, accounts: 0 }), { status: 201 });
    }),
  );
  return log;
}

describe('/admin/tech/roles', () => {
  it('lists roles with built-in, chapter-scoped and accounts; Delete only on an unused role', async () => {
    serve();
    renderRoute('/admin/tech/roles');
    const row = (name: string) => screen.getByRole('button', { name: `Open ${name}` }).closest('tr')!;
    await screen.findByRole('button', { name: 'Open ROLE_TREASURER' });
    expect(within(row('ROLE_HELPER')).getByText('3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete ROLE_TREASURER' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete ROLE_ADMIN' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete ROLE_HELPER' })).toBeNull();
    // Every role on one page: the pager names it, and a name wraps after an underscore, not mid-word.
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect((screen.getAllByLabelText('Rows per page')[0] as HTMLInputElement).value).toBe('100');
    expect(screen.getByRole('button', { name: 'Open ROLE_TREASURER' }).querySelector('wbr')).not.toBeNull();
  });

  it('adds a role with the permission grid (read, write, export) and the chapter-scoped switch', async () => {
    const log = serve();
    renderRoute('/admin/tech/roles');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Role' }));
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'ROLE_TREASURER' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Payments: read' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Payments: export' }));
    fireEvent.click(screen.getByRole('switch', { name: /Chapter-scoped/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(log.sent('POST', '/api/admin/tech/roles')).toHaveLength(1));
    expect(log.requests[0]!.body).toEqual({
      name: 'ROLE_TREASURER',
      description: '',
      permissions: ['payments:read', 'payments:export'],
      chapterScoped: true,
    });
  });
});
