import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { MemberRow } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';

// The confirm modal opens through a window event: the overlays (mounted after the first paint) must be there.
const overlaysReady = () =>
  waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull(), slow);

const amy: MemberRow = {
  id: 21,
  firstname: 'Amy',
  lastname: 'Young',
  fullname: 'Amy Young',
  email: 'amy@lakeside.edu',
  invitationcode: 'LSC-1',
  schoolname: 'Lakeside College',
  memberat: '2024-03-05T10:00:00.000Z',
  pledgedat: '2024-03-01T10:00:00.000Z',
  directoryOptOut: false,
};

let welcomes: { url: string; body: string; search?: string }[];
beforeEach(() => {
  welcomes = [];
  mockServer.use(
    http.get('/api/admin/accounts/legacy', () => HttpResponse.json(pageOf([amy]))),
    http.get('/api/admin/accounts/legacy/:id/welcome-email', () => HttpResponse.json({ lastSent: null })),
    http.post('/api/admin/accounts/legacy/:id/send-welcome-email', async ({ request }) => {
      welcomes.push({ url: new URL(request.url).pathname, body: await request.text() });
      return HttpResponse.json({ sendId: 7, templateType: 'WelcomeEmail' });
    }),
  );
});

describe('members: Send Welcome Email', () => {
  it('asks first, sends nothing on Cancel, then sends with an empty body and says so', async () => {
    renderRoute('/admin/accounts/members');
    const action = await screen.findByRole('button', { name: 'Send Welcome Email to Amy Young' }, slow);
    await overlaysReady();
    await userEvent.click(action);
    let dialog = await screen.findByRole('dialog', { name: 'Send Welcome Email' }, slow);
    expect(within(dialog).getByText('Send the welcome email to Amy Young (amy@lakeside.edu)?')).toBeTruthy();
    expect(within(dialog).getByText('No welcome email has been sent yet.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Welcome Email' })).toBeNull(), slow);
    expect(welcomes).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Amy Young' }));
    dialog = await screen.findByRole('dialog', { name: 'Send Welcome Email' }, slow);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Welcome Email sent successfully.', {}, slow)).toBeTruthy();
    expect(welcomes).toEqual([{ url: '/api/admin/accounts/legacy/21/send-welcome-email', body: '' }]);
  });

  it("shows the server's reason when there is no enabled template", async () => {
    mockServer.use(
      http.post('/api/admin/accounts/legacy/:id/send-welcome-email', () =>
        HttpResponse.json({ message: 'No enabled WelcomeEmail template' }, { status: 409 }),
      ),
    );
    renderRoute('/admin/accounts/members');
    const action = await screen.findByRole('button', { name: 'Send Welcome Email to Amy Young' }, slow);
    await overlaysReady();
    await userEvent.click(action);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Send Welcome Email' }, slow)).getByRole('button', {
        name: 'Send',
      }),
    );
    expect(await screen.findByText('No enabled WelcomeEmail template', {}, slow)).toBeTruthy();
  });

  it('says when the last one went (the automatic one), and confirming sends it again after that send', async () => {
    mockServer.use(
      http.get('/api/admin/accounts/legacy/:id/welcome-email', () =>
        HttpResponse.json({
          lastSent: {
            sendId: 41,
            at: '2024-03-05T10:02:00.000Z',
            to: 'amy@lakeside.edu',
            status: 'sent',
            templateType: 'WelcomeEmail',
          },
        }),
      ),
      http.post('/api/admin/accounts/legacy/:id/send-welcome-email', async ({ request }) => {
        const url = new URL(request.url);
        welcomes.push({ url: url.pathname, search: url.search, body: await request.text() });
        return HttpResponse.json({ sendId: 42, templateType: 'WelcomeEmail' });
      }),
    );
    renderRoute('/admin/accounts/members');
    const action = await screen.findByRole('button', { name: 'Send Welcome Email to Amy Young' }, slow);
    await overlaysReady();
    await userEvent.click(action);
    const dialog = await screen.findByRole('dialog', { name: 'Send Welcome Email' }, slow);
    // Spec 01's question as it was, then the last send.
    expect(within(dialog).getByText('Send the welcome email to Amy Young (amy@lakeside.edu)?')).toBeTruthy();
    expect(within(dialog).getByText('Last sent Mar 5, 2024, 10:02 UTC to amy@lakeside.edu.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Welcome Email sent successfully.', {}, slow)).toBeTruthy();
    expect(welcomes).toEqual([
      { url: '/api/admin/accounts/legacy/21/send-welcome-email', search: '?afterSendId=41', body: '' },
    ]);
  });
});
