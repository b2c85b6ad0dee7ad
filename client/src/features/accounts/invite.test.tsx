import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ALL_PERMISSIONS, mockAccount } from '../../mocks/fixtures';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { requestLog } from '../../test/request-log';

// Issue 35 §5: "Invite Staff" on the accounts list and "Invite" on an account row.

const asAccount = (permissions: string[]) =>
  mockServer.use(http.get('/api/public/account', () => HttpResponse.json({ ...mockAccount, permissions })));

describe('inviting staff', () => {
  it('sends name, email and roles from the Invite Staff panel and says the invitation is sent', async () => {
    const log = requestLog();
    mockServer.use(
      http.post('/api/admin/accounts/invite', async ({ request }) => {
        await log.record(request);
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    renderRoute('/admin/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Staff' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Invite Staff' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(panel).findByText('First Name is required')).toBeTruthy();
    expect(log.requests).toHaveLength(0);

    await userEvent.type(within(panel).getByLabelText(/^First Name/), 'Ada');
    await userEvent.type(within(panel).getByLabelText(/^Last Name/), 'Advisor');
    await userEvent.type(within(panel).getByLabelText(/^Email/), 'ada.advisor@example.edu');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(log.sent('POST', '/api/admin/accounts/invite')).toHaveLength(1));
    expect(log.requests[0]!.body).toEqual({
      firstName: 'Ada',
      lastName: 'Advisor',
      email: 'ada.advisor@example.edu',
      roles: [],
      chapterIds: [],
    });
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
  });

  it("invites an account from its row's Invite button", async () => {
    const urls: string[] = [];
    mockServer.use(
      http.post('/api/admin/accounts/:id/invite', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json({ message: 'Invitation sent' }, { status: 202 });
      }),
    );
    renderRoute('/admin/accounts');
    const [first] = await screen.findAllByRole('button', { name: /^Invite (?!Staff)/ }, slow);
    await userEvent.click(first!);
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]).toMatch(/\/api\/admin\/accounts\/\d+\/invite$/);
  });

  it('shows no Invite, Add, Reset Password to an account that may only read accounts', async () => {
    asAccount(ALL_PERMISSIONS.filter((p) => p.endsWith(':read')));
    renderRoute('/admin/accounts');
    expect(await screen.findByRole('heading', { name: 'Accounts' }, slow)).toBeTruthy();
    await screen.findAllByRole('row');
    for (const name of [/^Invite/, /^Add Account/, /^Reset Password/, /^Edit/])
      expect(screen.queryAllByRole('button', { name })).toHaveLength(0);
  });
});
