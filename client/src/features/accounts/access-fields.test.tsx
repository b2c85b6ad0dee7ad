import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { emptyAddress, type Account, type Role } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { requestLog } from '../../test/request-log';

const ACCOUNT: Account = {
  id: 9,
  firstName: 'Alan',
  lastName: 'Turing',
  fullName: 'Alan Turing',
  email: 'alan@example.edu',
  invitationCode: null,
  admin: true,
  active: true,
  legacyId: null,
  phone: null,
  address: { ...emptyAddress },
  roles: ['ROLE_USER'],
  chapterIds: [],
  institutionId: null,
  chapterId: null,
  schoolName: null,
  pledgedAt: null,
  memberAt: null,
  twoFactorOn: false,
  directoryOptOut: false,
  createdAt: '2026-01-15T15:00:00.000Z',
  updatedAt: '2026-01-15T15:00:00.000Z',
};
const role = (id: number, name: string, chapterScoped: boolean): Role => ({
  id,
  name,
  description: '',
  permissions: [],
  chapterScoped,
  builtIn: true,
  accounts: 0,
  createdAt: ACCOUNT.createdAt,
  updatedAt: ACCOUNT.updatedAt,
});

describe('account panel: roles and chapters', () => {
  it('offers the roles, asks for chapters once a chapter-scoped role is chosen, and sends the roles', async () => {
    const log = requestLog();
    mockServer.use(
      http.get('/api/admin/accounts/9', () => HttpResponse.json(ACCOUNT)),
      http.get('/api/admin/tech/roles', () =>
        HttpResponse.json({ items: [role(1, 'ROLE_AUDITOR', false), role(2, 'ROLE_ADVISOR', true)] }),
      ),
      http.put('/api/admin/accounts/9', async ({ request }) => {
        await log.record(request);
        return HttpResponse.json(ACCOUNT);
      }),
    );
    renderRoute('/admin/accounts?edit=9');
    const panel = await screen.findByRole('dialog', { name: 'Edit Account' }, slow);
    expect(within(panel).queryByText('Chapters it reaches')).toBeNull();
    await userEvent.click((await within(panel).findAllByLabelText(/^Roles/))[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'ROLE_ADVISOR' }));
    expect(await within(panel).findByText('Chapters it reaches')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(log.sent('PUT', '/api/admin/accounts/9')).toHaveLength(1));
    expect(log.requests[0]!.body.roles).toEqual(['ROLE_USER', 'ROLE_ADVISOR']);
    expect(log.requests[0]!.body).not.toHaveProperty('chapterIds');
  });
});
