import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Invitation, Invitee } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { mockAreaApi, type AreaApiMock } from '../../test/area-api';
import { invitationOf } from '../../test/invitation';
import { signInWith } from '../../test/permissions';
import { onPhone } from '../../test/phone';

// #7 is ready with its database read: 8 valid of 10, 2 pledged (25%), 1 paid.
const invitation = (over: Partial<Invitation>) =>
  invitationOf({
    id: 7,
    database: {
      id: 11,
      fileName: 'students.csv',
      url: '/api/files/11/students.csv',
      sizeInBytes: 120,
      contentType: 'text/csv',
    },
    countPreClean: 10,
    countProcessed: 10,
    countValid: 8,
    countFresh: 6,
    countRemoved: 2,
    countPledged: 2,
    countJoined: 1,
    pledgeRate: 0.25,
    paidRate: 0.125,
    revenue: 95,
    ...over,
  });

const ready = invitation({
  deliverPostalMails: true,
  scheduled: {
    emails: {
      total: 5,
      items: [
        { id: 31, scheduledAt: '2030-02-01T15:00:00.000Z', status: null },
        { id: 32, scheduledAt: '2030-02-08T15:00:00.000Z', status: null },
        { id: 30, scheduledAt: '2030-01-20T15:00:00.000Z', status: 'Success' },
      ],
    },
    postalMails: { total: 0, items: [] },
  },
});
const processing = invitation({
  id: 8,
  status: 'DB Processing',
  countPreClean: 200,
  countProcessed: 50,
  countValid: 0,
});
const draft = invitation({
  id: 9,
  status: 'Draft',
  statusReason: 'The file has no email column.',
  countValid: 0,
  deliverPostalMails: true,
});

const invitee: Invitee = {
  id: 1,
  invitation: {
    id: 7,
    institutionName: 'Lakeside College',
    chapterName: 'Lakeside Chapter',
    deliverEmails: true,
    deliverPostalMails: false,
  },
  rowNumber: 3,
  salutation: 'Ms.',
  firstName: 'Nia',
  lastName: 'Brooks',
  email: 'nia@lakeside.example',
  major: 'Biology',
  class: '2027',
  removed: true,
  removedReason: 'Duplicate in file',
  invitationCode: null,
  mailingAddress: {},
  phoneNumber: null,
  legacyPledgeAt: null,
  legacyPaidAt: null,
  inviteCount: 2,
  testValue: null,
  directoryOptOut: false,
  emailSent: true,
  emailDelivered: true,
  emailOpened: false,
  emailClicked: false,
  emailDeferred: false,
  emailRejected: false,
  emailBouncedSoft: false,
  emailBouncedHard: false,
  emailSpam: false,
  emailUnsub: false,
};

let api: AreaApiMock;
let inviteeRequests: URL[];
beforeEach(() => {
  api = mockAreaApi('/api/admin/logistics/invitations', {
    list: () => pageOf([ready, processing, draft]),
    detail: (id) => [ready, processing, draft].find((i) => String(i.id) === id) ?? ready,
    created: ready,
    updated: ready,
  });
  inviteeRequests = [];
  mockServer.use(
    http.get('/api/admin/logistics/invitations/:id/invitees', ({ request }) => {
      inviteeRequests.push(new URL(request.url));
      return HttpResponse.json(pageOf([invitee]));
    }),
  );
});

describe('/admin/logistics/invitations', () => {
  it('shows progress while processing, the valid count when ready, and delete only for Draft and DB Processing', async () => {
    renderRoute('/admin/logistics/invitations?deadlineFrom=2030-01-01');
    const readyRow = (await screen.findByRole('link', { name: '#7' }, slow)).closest('tr')!;
    expect(within(readyRow).getByText('8')).toBeTruthy();
    expect(within(readyRow).getByText('25%')).toBeTruthy();
    expect(within(readyRow).queryByRole('button', { name: /Delete/ })).toBeNull();
    // Each channel with its scheduled items (spec 02): the count, the first few with hour and state, the rest counted.
    expect(within(readyRow).getByText('5 scheduled')).toBeTruthy();
    expect(within(readyRow).getAllByText(/ · scheduled$/)).toHaveLength(2);
    expect(within(readyRow).getByText(/ · sent$/)).toBeTruthy();
    expect(within(readyRow).getByText('+2 more')).toBeTruthy();
    expect(within(readyRow).getByText('nothing scheduled')).toBeTruthy();
    const processingRow = screen.getByRole('link', { name: '#8' }).closest('tr')!;
    expect(within(processingRow).getByRole('progressbar', { name: 'Processing database: 50 of 200' })).toBeTruthy();
    expect(within(processingRow).getByRole('button', { name: 'Delete invitation #8' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete invitation #9' })).toBeTruthy();
    expect(api.listRequests.at(-1)!.searchParams.get('deadlineFrom')).toBe('2030-01-01');
  });

  it('asks before deleting, saying it cannot be undone', async () => {
    let deleted = '';
    mockServer.use(
      http.delete('/api/admin/logistics/invitations/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/admin/logistics/invitations');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete invitation #9' }, slow));
    expect(await screen.findByText(/This action cannot be undone/, {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe('9'));
  });

  it('shows the form messages of spec 02 §5 for a blank invitation', async () => {
    renderRoute('/admin/logistics/invitations/new');
    await screen.findByRole('heading', { name: 'Basic Information' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Institution is required', {}, slow)).toBeTruthy();
    expect(screen.getByText('Chapter is required')).toBeTruthy();
    expect(screen.getByText('Database is required')).toBeTruthy();
    expect(api.saved).toEqual([]);
  });

  it("titles the detail '#id - institution', keeps the tab in the URL and lists the invitees with the tab's filters", async () => {
    const { router } = renderRoute('/admin/logistics/invitations/9?tab=Invitees&removed=1');
    expect(await screen.findByRole('heading', { name: '#9 - Lakeside College' }, slow)).toBeTruthy();
    expect(screen.getByText('Lakeside Chapter - Mar 1, 2030')).toBeTruthy();
    expect(screen.getByText('The file has no email column.')).toBeTruthy();
    // Postal Mailings appears because this invitation delivers postal mail; Email Reminders because it emails.
    expect(screen.getByRole('tab', { name: 'Postal Mailings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Email Reminders' })).toBeTruthy();
    expect(await screen.findByText('Removed - Duplicate in file', {}, slow)).toBeTruthy();
    expect(inviteeRequests.at(-1)!.searchParams.get('removed')).toBe('1');
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("writes the revenue as money ('$285.00') and 'See Payments' opens that invitation's payments", async () => {
    api = mockAreaApi('/api/admin/logistics/invitations', {
      list: () => pageOf([ready]),
      detail: () => ({ ...ready, countJoined: 3, revenue: 285 }),
      created: ready,
      updated: ready,
    });
    renderRoute('/admin/logistics/invitations/7');
    const revenue = (await screen.findByText('Revenue', {}, slow)).closest('.mantine-Card-root') as HTMLElement;
    expect(within(revenue).getByText('$285.00')).toBeTruthy();
    expect(within(revenue).getByRole('link', { name: 'See Payments' }).getAttribute('href')).toBe(
      '/admin/accounts/payments?invitationId=7',
    );
  });
});

describe('/admin/logistics/invitations/$id/edit as a reader', () => {
  it('shows the database file without Remove or a drop zone to an account that may not save (an auditor)', async () => {
    signInWith(['invitations:read', 'institutions:read', 'chapters:read']);
    renderRoute('/admin/logistics/invitations/7/edit');
    expect(await screen.findByText('students.csv', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove students.csv' })).toBeNull();
    expect(screen.queryByText(/Drop a new file here/)).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('keeps Remove and the drop zone for an account that may save', async () => {
    signInWith(['invitations:read', 'invitations:write', 'institutions:read', 'chapters:read']);
    renderRoute('/admin/logistics/invitations/7/edit');
    expect(await screen.findByRole('button', { name: 'Remove students.csv' }, slow)).toBeTruthy();
    expect(screen.getByText('Drop a new file here or click to replace it')).toBeTruthy();
  });
});

describe("an invitation's invitees on a phone", () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the primary columns (name, actions); the others wait in the column toggle', async () => {
    onPhone();
    renderRoute('/admin/logistics/invitations/7?tab=Invitees');
    await screen.findByRole('heading', { name: '#7 - Lakeside College' }, slow);
    await screen.findByText('Removed - Duplicate in file', {}, slow);
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(['Name', 'Actions']);
    fireEvent.click(await screen.findByRole('button', { name: 'Columns' }, slow));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Times Invited' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Times Invited', 'Actions']));
  });
});
