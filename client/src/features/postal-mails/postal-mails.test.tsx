import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PostalMail } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { invitationOf } from '../../test/invitation';
import { issuesOf } from '../../test/issues';
import { PostalMailFormSchema } from './form-values';

const invitation = invitationOf({
  deliverEmails: false,
  deliverPostalMails: true,
  test: { id: 2, name: 'Letter color', slug: 'letter-color' },
});

const zip = {
  id: 31,
  fileName: 'spring-letters.zip',
  url: '/api/files/31/spring-letters.zip',
  sizeInBytes: 2048,
  contentType: 'application/zip',
};
const mail = (over: Partial<PostalMail>): PostalMail => ({
  id: 1,
  invitation: {
    id: 9,
    institutionName: 'Lakeside College',
    chapterName: 'Lakeside Chapter',
    test: { id: 2, name: 'Letter color' },
  },
  file: zip,
  uploadScheduledAt: '2099-03-01T09:00:00.000Z',
  inviteCount: 'All',
  testValue: 'All',
  uploadStartedAt: null,
  uploadStatus: null,
  uploadStatusReason: null,
  uploadCount: null,
  uploadCsv: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
const scheduled = mail({ inviteCount: '2nd time', testValue: 'Control' });
const started = { uploadStartedAt: '2026-11-02T09:00:05.000Z', uploadScheduledAt: '2026-11-02T09:00:00.000Z' };
const uploaded = mail({
  id: 2,
  ...started,
  uploadStatus: 'Success',
  uploadCount: 1250,
  uploadCsv: {
    id: 40,
    fileName: 'postal-mail-2-recipients.csv',
    url: '/api/files/40/postal-mail-2-recipients.csv',
    sizeInBytes: 900,
    contentType: 'text/csv',
  },
});
const failed = mail({
  id: 3,
  ...started,
  uploadStatus: 'Failed',
  uploadStatusReason: 'Transfer to the print vendor failed: connection refused',
});
const running = mail({ id: 4, ...started, uploadStatus: 'In Progress' });

let listRequests: URL[];
let saved: Array<{ method: string; url: string; body: unknown }>;
beforeEach(() => {
  listRequests = [];
  saved = [];
  const record =
    (method: string, status: number, answer: unknown) =>
    async ({ request }: { request: Request }) => {
      saved.push({ method, url: request.url, body: method === 'DELETE' ? null : await request.json() });
      return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json(answer as never, { status });
    };
  mockServer.use(
    http.get('/api/admin/logistics/invitations/:id', () => HttpResponse.json(invitation as never)),
    http.get('/api/admin/logistics/invitations/:id/postal-mails', ({ request }) => {
      listRequests.push(new URL(request.url));
      return HttpResponse.json(pageOf([scheduled, uploaded, failed, running]) as never);
    }),
    http.get('/api/admin/logistics/postal-mails', ({ request }) => {
      listRequests.push(new URL(request.url));
      return HttpResponse.json(pageOf([scheduled, uploaded]) as never);
    }),
    http.post('/api/admin/logistics/invitations/:id/postal-mails', record('POST', 201, scheduled)),
    http.put('/api/admin/logistics/invitations/:id/postal-mails/:mailId', record('PUT', 200, scheduled)),
    http.delete('/api/admin/logistics/invitations/:id/postal-mails/:mailId', record('DELETE', 204, null)),
  );
});

const TAB = '/admin/logistics/invitations/9?tab=Postal%20Mailings';
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe("the invitation's Postal Mailings tab", () => {
  it('lists the mailings with their own URL keys and shows each upload status', async () => {
    const { router } = renderRoute(`${TAB}&pSort=inviteCount:asc&pPage=2&page=3`);
    expect(await screen.findByText('2nd time', {}, slow)).toBeTruthy();
    expect(listRequests.at(-1)!.searchParams.get('sort')).toBe('inviteCount:asc');
    expect(listRequests.at(-1)!.searchParams.get('page')).toBe('2');

    // Not started: editable and deletable; started ones are not.
    const notStarted = rowOf('2nd time');
    expect(within(notStarted).getByText('Not started')).toBeTruthy();
    expect(within(notStarted).getByRole('button', { name: 'Edit postal mailing #1' })).toBeTruthy();
    expect(within(notStarted).getByRole('button', { name: 'Delete postal mailing #1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit postal mailing #2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete postal mailing #3' })).toBeNull();

    const success = screen.getByRole('link', { name: 'Success: download the CSV of 1,250 uploaded' });
    expect(success.getAttribute('href')).toBe('/api/files/40/postal-mail-2-recipients.csv');
    expect(screen.getByText('1,250 uploaded')).toBeTruthy();
    expect(screen.getByText('In Progress')).toBeTruthy();
    await userEvent.hover(screen.getByText('Failed'));
    expect(await screen.findByText('Transfer to the print vendor failed: connection refused', {}, slow)).toBeTruthy();

    // Sorting writes pSort and goes back to the first page, leaving the Invitees tab's keys alone.
    fireEvent.click(screen.getByRole('button', { name: /Test/ }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ tab: 'Postal Mailings', pSort: 'testValue:asc', page: 3 }),
    );
    expect((router.state.location.search as Record<string, unknown>).pPage).toBeUndefined();
  });

  it("adds a mailing: 'File is required' until a zip is given", async () => {
    renderRoute(TAB);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Postal Mailing' }, slow));
    const drawer = await screen.findByRole('dialog', { name: 'Add Postal Mailing' }, slow);
    expect(within(drawer).getByText('One zip file, up to 100 MB')).toBeTruthy();
    // Scheduled this hour, 7 days ahead, by default (spec 02 §9).
    const week = new Date(Date.now() + 7 * 86_400_000);
    const shown = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(week);
    expect(within(drawer).getByLabelText(/Upload date/)).toHaveProperty('value', shown);
    expect(within(drawer).getAllByLabelText(/Upload hour/)[0]).toHaveProperty(
      'value',
      `${String(new Date().getHours()).padStart(2, '0')}:00`,
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('File is required')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('edits a mailing that has not started, and deletes one after saying it cannot be undone', async () => {
    renderRoute(TAB);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit postal mailing #1' }, slow));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Postal Mailing' }, slow);
    expect(within(drawer).getByText('spring-letters.zip')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Postal mailing saved successfully.', {}, slow)).toBeTruthy();
    expect(saved[0]).toMatchObject({
      method: 'PUT',
      url: expect.stringContaining('/api/admin/logistics/invitations/9/postal-mails/1'),
      body: {
        fileId: 31,
        uploadScheduledAt: '2099-03-01T09:00:00.000Z',
        inviteCount: '2nd time',
        testValue: 'Control',
      },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete postal mailing #1' }));
    expect(await screen.findByText(/This action cannot be undone/, {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(saved.at(-1)).toMatchObject({
        method: 'DELETE',
        url: expect.stringContaining('/invitations/9/postal-mails/1'),
      }),
    );
  });
});

describe('the postal mailing form rules', () => {
  it("are the contract's: an hour already over and a missing zip are refused with its texts", () => {
    expect(
      issuesOf(PostalMailFormSchema, {
        file: null,
        day: '2020-01-01',
        hour: '09',
        inviteCount: 'All',
        testValue: 'All',
      }),
    ).toEqual([
      ['fileId', 'File is required'],
      ['uploadScheduledAt', 'Past hours cannot be chosen'],
    ]);
  });
});

describe('/admin/logistics/postal-mails', () => {
  it('lists every mailing with its invitation, linked to its tab', async () => {
    renderRoute('/admin/logistics/postal-mails?sort=id:desc');
    expect(await screen.findByText('#2', {}, slow)).toBeTruthy();
    const link = screen.getAllByRole('link', { name: '#9 Lakeside College' })[0]!;
    expect(link.getAttribute('href')).toBe('/admin/logistics/invitations/9?tab=Postal+Mailings');
    expect(screen.getAllByText('Lakeside Chapter').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Test').length).toBeGreaterThan(0);
    expect(listRequests.at(-1)!.pathname).toBe('/api/admin/logistics/postal-mails');
    expect(listRequests.at(-1)!.searchParams.get('sort')).toBe('id:desc');
    expect(screen.getByRole('button', { name: 'Edit postal mailing #1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit postal mailing #2' })).toBeNull();
  });
});
