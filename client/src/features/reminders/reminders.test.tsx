import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { rateLevel, RATE_NAMES, type InvitationEmail } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { invitationOf } from '../../test/invitation';
import { issuesOf } from '../../test/issues';
import { ReminderFormSchema } from './form-values';

const invitation = invitationOf();

const totals = {
  totalSent: 0,
  totalDelivered: 0,
  totalOpened: 0,
  totalClicked: 0,
  totalBouncedHard: 0,
  totalSpam: 0,
  totalUnsub: 0,
  totalDeferred: 0,
  totalRejected: 0,
  totalSuppressed: 0,
  totalFailed: 0,
};
const noRates = Object.fromEntries(
  RATE_NAMES.flatMap((n) => [
    [n, null],
    [`${n}Level`, 'none'],
  ]),
);
const reminder = (over: Partial<InvitationEmail>): InvitationEmail =>
  ({
    id: 1,
    invitationId: 9,
    template: { id: 4, name: 'First call', subject: 'You are invited, {{firstName}}' },
    sendScheduledAt: '2099-03-01T09:00:00.000Z',
    inviteCount: 'All',
    testValue: 'All',
    sendStartedAt: null,
    sendStatus: null,
    sendStatusReason: null,
    recipients: null,
    projectedRecipients: 1200,
    invitation: { id: 9, institutionName: 'Lakeside College', chapterName: 'Lakeside Chapter', testName: null },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...totals,
    ...(noRates as object),
    ...over,
  }) as InvitationEmail;
const scheduled = reminder({ inviteCount: '2nd time' });
const started = {
  sendStartedAt: '2026-11-02T09:00:05.000Z',
  sendScheduledAt: '2026-11-02T09:00:00.000Z',
  recipients: 1000,
};
const sent = reminder({
  id: 2,
  ...started,
  template: { id: 4, name: 'Second call', subject: 'Last days' },
  sendStatus: 'Success',
  totalSent: 1000,
  totalDelivered: 960,
  totalOpened: 300,
  deliveryRate: 0.96,
  deliveryRateLevel: rateLevel('deliveryRate', 0.96),
  openRate: 300 / 960,
  openRateLevel: rateLevel('openRate', 300 / 960),
});
const failed = reminder({
  id: 3,
  ...started,
  template: { id: 4, name: 'Third call', subject: 'x' },
  sendStatus: 'Failed',
  sendStatusReason: 'The template is disabled or no longer an Invitation template',
});

let listRequests: URL[];
beforeEach(() => {
  listRequests = [];
  mockServer.use(
    http.get('/api/admin/logistics/invitations/:id', () => HttpResponse.json(invitation as never)),
    http.get('/api/admin/logistics/invitations/:id/emails', ({ request }) => {
      listRequests.push(new URL(request.url));
      return HttpResponse.json(pageOf([scheduled, sent, failed]) as never);
    }),
    http.get('/api/admin/logistics/invitation-emails', ({ request }) => {
      listRequests.push(new URL(request.url));
      return HttpResponse.json(pageOf([sent]) as never);
    }),
    http.get('/api/admin/logistics/invitation-emails/stats', () =>
      HttpResponse.json({
        weeks: [
          {
            week: '2026-11-02',
            totalSent: 1000,
            totalDelivered: 960,
            totalOpened: 300,
            totalClicked: 20,
            deliveredRate: 0.96,
            openedRate: 0.3125,
            clickThruRate: 0.02,
          },
        ],
      }),
    ),
  );
});

const TAB = '/admin/logistics/invitations/9?tab=Email%20Reminders';

describe("the invitation's Email Reminders tab", () => {
  it('lists reminders under their own URL keys, with each send status and rates coloured by level', async () => {
    const { router } = renderRoute(`${TAB}&eSort=sendStatus:asc&ePage=2&page=3`);
    expect(await screen.findByText('Second call', {}, slow)).toBeTruthy();
    expect(listRequests.at(-1)!.searchParams.get('sort')).toBe('sendStatus:asc');
    expect(listRequests.at(-1)!.searchParams.get('page')).toBe('2');

    const notStarted = screen.getByText('First call').closest('tr')!;
    expect(within(notStarted).getByText('Scheduled')).toBeTruthy();
    expect(within(notStarted).getByText('1,200')).toBeTruthy();
    expect(within(notStarted).getByRole('button', { name: 'Edit reminder #1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit reminder #2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete reminder #3' })).toBeNull();

    const sentRow = screen.getByText('Second call').closest('tr')!;
    expect(within(sentRow).getByText('Sent')).toBeTruthy();
    expect(within(sentRow).getByLabelText('Delivery rate 96%, good')).toBeTruthy();
    expect(within(notStarted).getByLabelText('Delivery rate n/a, no data yet')).toBeTruthy();
    await userEvent.hover(screen.getByText('Failed'));
    expect(
      await screen.findByText('The template is disabled or no longer an Invitation template', {}, slow),
    ).toBeTruthy();

    // Sorting writes eSort and goes back to the first page, leaving the Invitees tab's keys alone.
    fireEvent.click(screen.getByRole('button', { name: /Scheduled/ }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        tab: 'Email Reminders',
        eSort: 'sendScheduledAt:asc',
        page: 3,
      }),
    );
    expect((router.state.location.search as Record<string, unknown>).ePage).toBeUndefined();
  });

  it("checks the form with the spec's texts before anything is sent", async () => {
    renderRoute(TAB);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Email Reminder' }, slow));
    const drawer = await screen.findByRole('dialog', { name: 'Add Email Reminder' }, slow);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Template is required')).toBeTruthy();
  });
});

describe('the reminder form rules', () => {
  it("are the contract's: no template and an hour already over are refused with its texts", () => {
    expect(
      issuesOf(ReminderFormSchema, {
        templateId: null,
        day: '2020-01-01',
        hour: '09',
        inviteCount: 'All',
        testValue: 'All',
      }),
    ).toEqual([
      ['templateId', 'Template is required'],
      ['sendScheduledAt', 'Past hours cannot be chosen'],
    ]);
  });
});

describe('/admin/logistics/email-reminders', () => {
  it('shows the weekly trends above every reminder with its invitation', async () => {
    renderRoute('/admin/logistics/email-reminders?dateFrom=2026-11-01');
    expect(await screen.findByText('Second call', {}, slow)).toBeTruthy();
    expect(listRequests.at(-1)!.searchParams.get('dateFrom')).toBe('2026-11-01');
    expect(screen.getAllByRole('link', { name: '#9 - Lakeside College' })[0]!.getAttribute('href')).toBe(
      '/admin/logistics/invitations/9?tab=Email+Reminders',
    );
    expect(await screen.findByText('96% in the week of Nov 2, 2026', {}, slow)).toBeTruthy();
    expect(screen.getByText('Click-through rate')).toBeTruthy();
  });

  it('offers edit and delete on a reminder not yet started, none once its send started (spec 02)', async () => {
    const removed: string[] = [];
    mockServer.use(
      http.get('/api/admin/logistics/invitation-emails', () => HttpResponse.json(pageOf([scheduled, sent]) as never)),
      http.delete('/api/admin/logistics/invitations/:id/emails/:emailId', ({ params }) => {
        removed.push(`${String(params.id)}/${String(params.emailId)}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/admin/logistics/invitations/:id/emails/projection', () =>
        HttpResponse.json({
          recipients: 5,
          day: '2099-03-01',
          dayScheduled: 0,
          dailyQuota: 100_000,
          overQuota: false,
          projectedFinishAt: '2099-03-01T09:00:06.000Z',
        }),
      ),
    );
    renderRoute('/admin/logistics/email-reminders');
    const notStarted = (await screen.findByText('First call', {}, slow)).closest('tr')!;
    expect(
      within(screen.getByText('Second call').closest('tr')!).queryByRole('button', { name: /reminder #2/ }),
    ).toBeNull();
    await userEvent.click(within(notStarted).getByRole('button', { name: 'Edit reminder #1' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit Email Reminder' }, slow);
    // The projection reads the quota as the quota, not as what is scheduled.
    expect((await within(panel).findByText(/^Reaches about/, {}, slow)).textContent).toMatch(
      /^Reaches about 5 invitees \(5 scheduled that day, daily quota 100,000\); expected to finish/,
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(notStarted).getByRole('button', { name: 'Delete reminder #1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Email Reminder' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(removed).toEqual(['9/1']));
  });
});
