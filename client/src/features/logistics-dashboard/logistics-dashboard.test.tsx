import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, utcDay, type EmailScheduled, type InstitutionStatsRow, type InviteeStats } from '@app/contract';
import { ALPHA_STATS_ROW } from '@app/contract/fixtures/logistics-dashboard';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';

const ZERO: InviteeStats = {
  emailpaids: 0,
  emailpledges: 0,
  countvalid: 0,
  countfresh: 0,
  countremoved: 0,
  emailsent: 0,
  emaildelivered: 0,
  emailopened: 0,
  emailclicked: 0,
  emailunsub: 0,
};

function serveDashboard(stats: InviteeStats, ses = { max24HourSend: 50_000, sentLast24Hours: 1_234 }) {
  mockServer.use(
    http.get('/api/admin/logistics/dashboard/invitee-stats', () => HttpResponse.json(stats)),
    http.get('/api/admin/logistics/dashboard/ses-stats', () => HttpResponse.json(ses)),
  );
}

/** The figures of a dashboard card, label to shown value. */
async function figures(card: string): Promise<Record<string, string | null | undefined>> {
  const region = await screen.findByRole('region', { name: card }, slow);
  await waitFor(() => expect(region.querySelector('dl')).not.toBeNull());
  return Object.fromEntries(
    [...region.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
}

describe('/admin/logistics dashboard', () => {
  it('shows n/a for every rate whose denominator is 0', async () => {
    serveDashboard(ZERO);
    renderRoute('/admin/logistics');
    expect(await screen.findByRole('heading', { name: 'Logistics' }, slow)).toBeTruthy();
    expect(await figures('Response Rate')).toEqual({ 'Join rate': 'n/a', 'Pledge rate': 'n/a', Revenue: '$0' });
    expect(await figures('Database')).toEqual({ Invitees: '0', 'Freshness rate': 'n/a', Removed: '0' });
    expect(await figures('Invitee Emails')).toEqual({
      Sent: '0',
      Delivered: '0',
      'Delivery rate': 'n/a',
      Opens: '0',
      Clicks: '0',
      Unsubscribed: '0',
      'Open rate': 'n/a',
      'Click-through rate': 'n/a',
      'Unsubscribe rate': 'n/a',
    });
    expect(await figures('Email Sending Quota')).toEqual({
      'Daily quota': '50,000',
      'Sent in 24h': '1,234',
      Remaining: '48,766',
    });
  });

  it('shows the rates, the revenue at 95 dollars a paid join, and what is left of the quota', async () => {
    serveDashboard(
      {
        ...ZERO,
        emailpaids: 20,
        emailpledges: 30,
        countvalid: 200,
        countfresh: 150,
        countremoved: 12,
        emailsent: 180,
        emaildelivered: 160,
        emailopened: 80,
        emailclicked: 20,
        emailunsub: 4,
      },
      { max24HourSend: 1_000, sentLast24Hours: 1_200 },
    );
    renderRoute('/admin/logistics');
    expect(await figures('Response Rate')).toEqual({ 'Join rate': '10%', 'Pledge rate': '15%', Revenue: '$1,900' });
    expect(await figures('Database')).toEqual({ Invitees: '200', 'Freshness rate': '75%', Removed: '12' });
    expect(await figures('Invitee Emails')).toMatchObject({
      'Delivery rate': '88.9%',
      'Open rate': '50%',
      'Click-through rate': '12.5%',
      'Unsubscribe rate': '2.5%',
    });
    expect(await figures('Email Sending Quota')).toMatchObject({ Remaining: '0' });
  });

  it('shows a failed card with the server message and Retry', async () => {
    mockServer.use(
      http.get('/api/admin/logistics/dashboard/invitee-stats', () =>
        HttpResponse.json({ message: 'Only staff can do this' }, { status: 403 }),
      ),
      http.get('/api/admin/logistics/dashboard/ses-stats', () =>
        HttpResponse.json({ max24HourSend: 10, sentLast24Hours: 1 }),
      ),
    );
    renderRoute('/admin/logistics');
    const card = await screen.findByRole('region', { name: 'Database' }, slow);
    expect((await within(card).findByRole('alert', {}, slow)).textContent).toContain('Only staff can do this');
    expect(within(card).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(await figures('Email Sending Quota')).toMatchObject({ Remaining: '9' });
  });
});

const row = (over: Partial<InstitutionStatsRow>): InstitutionStatsRow => ({
  institution_id: 5,
  ...ALPHA_STATS_ROW,
  ...over,
});

describe('/admin/logistics/stats-by-institution', () => {
  it('lists the rates with n/a over 0 and sends the URL filters', async () => {
    const requests: URL[] = [];
    mockServer.use(
      http.get('/api/admin/logistics/stats-by-institution', ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json(
          pageOf([
            row({}),
            row({ institution_id: 6, institution_name: 'Hill University', ratio_pledged: null, count_pledged: 0 }),
          ]),
        );
      }),
    );
    renderRoute('/admin/logistics/stats-by-institution?search=alpha&deadlineFrom=2030-01-01&sort=ratio_ctr:desc');
    expect(await screen.findByRole('heading', { name: 'Stats by Institution' }, slow)).toBeTruthy();
    const alpha = (await screen.findByText('Alpha State University', {}, slow)).closest('tr')!;
    expect(within(alpha).getByText('Mar 1, 2030')).toBeTruthy();
    expect(within(alpha).getByText('30%')).toBeTruthy();
    expect(within(alpha).getByText('20%')).toBeTruthy();
    const hill = screen.getByText('Hill University').closest('tr')!;
    expect(within(hill).getAllByText('n/a').length).toBeGreaterThan(0);
    const url = requests.at(-1)!;
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      search: 'alpha',
      deadlineFrom: '2030-01-01',
      sort: 'ratio_ctr:desc',
    });
  });

  it('shows the count of a rate in its tooltip', async () => {
    mockServer.use(http.get('/api/admin/logistics/stats-by-institution', () => HttpResponse.json(pageOf([row({})]))));
    renderRoute('/admin/logistics/stats-by-institution');
    const alpha = (await screen.findByText('Alpha State University', {}, slow)).closest('tr')!;
    await userEvent.hover(within(alpha).getByText('30%'));
    expect(await screen.findByText('3 pledged', {}, slow)).toBeTruthy();
  });
});

describe('/admin/logistics/emails-scheduled-per-day', () => {
  it('asks for today to 15 days ahead by default and colours each day by its level', async () => {
    const requests: URL[] = [];
    const today = utcDay(new Date());
    mockServer.use(
      http.get('/api/admin/logistics/dashboard/email-scheduled', ({ request }) => {
        requests.push(new URL(request.url));
        const body: EmailScheduled = {
          dateFrom: today,
          dateTo: addDays(today, 2),
          days: [
            { date: '2031-05-01', count: 100_000, level: 'success' },
            { date: '2031-05-02', count: 100_001, level: 'warning' },
            { date: '2031-05-03', count: 115_001, level: 'danger' },
          ],
        };
        return HttpResponse.json(body);
      }),
    );
    renderRoute('/admin/logistics/emails-scheduled-per-day');
    expect(await screen.findByRole('heading', { name: 'Emails Scheduled per Day' }, slow)).toBeTruthy();
    const warning = (await screen.findByText('100,001', {}, slow)).closest('tr')!;
    expect(within(warning).getByText('Warning')).toBeTruthy();
    expect(within(screen.getByText('115,001').closest('tr')!).getByText('Danger')).toBeTruthy();
    expect(within(screen.getByText('100,000').closest('tr')!).getByText('Success')).toBeTruthy();
    expect(screen.getByText('315,002 emails over 3 days')).toBeTruthy();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toEqual({ dateFrom: today, dateTo: addDays(today, 15) });
  });

  it('shows the server message for a bad range', async () => {
    mockServer.use(
      http.get('/api/admin/logistics/dashboard/email-scheduled', () =>
        HttpResponse.json({ message: 'dateTo must be on or after dateFrom' }, { status: 400 }),
      ),
    );
    renderRoute('/admin/logistics/emails-scheduled-per-day?dateFrom=2031-05-02&dateTo=2031-05-01');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('dateTo must be on or after dateFrom');
    // The date filters read like every other date of the app, the URL keeps the day.
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Date from' }) as HTMLInputElement).value).toBe('May 2, 2031'),
    );
    expect((screen.getByRole('textbox', { name: 'Date to' }) as HTMLInputElement).value).toBe('May 1, 2031');
  });
});
