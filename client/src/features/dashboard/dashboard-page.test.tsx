import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { GENERIC_ERROR } from '@app/contract';
import { mockAccount } from '../../mocks/fixtures';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';
import { figuresFromCounts, figuresFromSeasons } from './figures';
import { intensity } from './month-heatmap';

const countRows = (newestFirst: number[]) => newestFirst.map((count, k) => ({ period_ago: String(k), count }));
const seasonRows = (newestFirst: number[], season: 'Spring' | 'Fall' = 'Spring', year = 2027) =>
  newestFirst.map((count, i) => ({ season, year: year - i, count }));

const PER_DAYS: Record<string, number[]> = {
  'joins/7': [45, 40, 30, 20, 10, 0, 0, 0, 0, 5],
  'joins/30': [1234, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  'pledges/7': [5, 5, 1, 1, 1, 1, 1, 1, 1, 1],
};

function useDashboardData() {
  mockServer.use(
    http.get('/api/admin/dashboard/:type/per-days/:days', ({ params }) => {
      if (params.type === 'pledges' && params.days === '30')
        return HttpResponse.json({ message: 'Only staff can do this' }, { status: 403 });
      // Out of order on purpose: the card orders by period_ago.
      return HttpResponse.json(countRows(PER_DAYS[`${params.type}/${params.days}`]!).reverse());
    }),
    http.get('/api/admin/dashboard/:type/season-to-date', ({ params }) =>
      params.type === 'joins'
        ? HttpResponse.json(seasonRows([10, 40, 38, 30, 25, 20, 18, 15, 12, 9]))
        : HttpResponse.json({}, { status: 403 }),
    ),
    http.get('/api/admin/dashboard/:type/per-month', () =>
      HttpResponse.json(
        [2024, 2025].flatMap((year) =>
          Array.from({ length: 12 }, (_, m) => ({
            year,
            month: m + 1,
            count: year === 2025 && m === 2 ? 1234 : m * 10,
          })),
        ),
      ),
    ),
  );
}

async function card(section: string, title: string) {
  const region = await screen.findByRole('region', { name: section });
  return within(region).findByRole('region', { name: new RegExp(`^${title}`) });
}

describe('/admin dashboard', () => {
  it('shows each card with its count, change against the previous period and sparkline data', async () => {
    useDashboardData();
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();

    const week = await card('Memberships', 'Last 7 days');
    expect(await within(week).findByText('45')).toBeTruthy();
    const up = within(week).getByLabelText('Up 12.5% against the 7 days before');
    expect(up.textContent).toBe('12.5%');
    expect(up.getAttribute('data-direction')).toBe('up');
    expect(up.getAttribute('style')).toContain('green');
    expect(within(week).getByText('vs 40 in the 7 days before')).toBeTruthy();

    const month = await card('Memberships', 'Last 30 days');
    expect(await within(month).findByText('1,234')).toBeTruthy();
    expect(within(month).getByLabelText('Up 100% against the 30 days before').textContent).toBe('100%');

    const season = await card('Memberships', 'Season to date, Spring 2027');
    expect(await within(season).findByText('10')).toBeTruthy();
    const down = within(season).getByLabelText('Down 75% against Spring 2026 to the same day');
    expect(down.getAttribute('style')).toContain('red');
    expect(within(season).getByText('vs 40 in Spring 2026 to the same day')).toBeTruthy();

    const pledgeWeek = await card('Pledges', 'Last 7 days');
    const flat = await within(pledgeWeek).findByLabelText('No change against the 7 days before');
    expect(flat.textContent).toBe('0%');
    expect(flat.getAttribute('style')).toContain('gray');
  });

  it('shows an error in the card that failed, by the generic rule, and keeps the others', async () => {
    useDashboardData();
    renderRoute('/admin');
    const month = await card('Pledges', 'Last 30 days');
    expect((await within(month).findByRole('alert')).textContent).toContain('Only staff can do this');
    const season = await card('Pledges', 'Season to date');
    expect((await within(season).findByRole('alert')).textContent).toContain(GENERIC_ERROR);
    expect(within(season).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(await within(await card('Pledges', 'Last 7 days')).findByText('5')).toBeTruthy();
  });

  it('shows memberships per month by year, newest year first, with the number on each cell', async () => {
    useDashboardData();
    renderRoute('/admin');
    const heatmap = await screen.findByRole('region', { name: 'Memberships per month' });
    const table = await within(heatmap).findByRole('table');
    const years = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(years).toEqual(['2025', '2024']);
    const busiest = within(table).getByLabelText('March 2025: 1,234 members');
    expect(busiest.textContent).toBe('1,234');
    expect(busiest.getAttribute('data-level')).toBe('1.00');
    expect(within(table).getByLabelText('January 2024: 0 members').getAttribute('data-level')).toBe('0');
    expect(within(table).getByLabelText('December 2024: 110 members').textContent).toBe('110');
    // Totals per year: 10 * (0 + 1 + ... + 11) = 660; 2025 has 1,234 in March instead of 20.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.lastElementChild?.textContent)).toEqual(['1,874', '660']);
  });

  it('shows skeletons while loading', async () => {
    mockServer.use(http.get('/api/admin/dashboard/:type/per-days/:days', () => new Promise(() => {})));
    renderRoute('/admin');
    const week = await card('Memberships', 'Last 7 days');
    expect(within(week).getByLabelText('Loading Last 7 days').getAttribute('aria-busy')).toBe('true');
  });
});

describe('/admin dashboard of an advisor', () => {
  it('names the chapters the account is limited to in its title', async () => {
    useDashboardData();
    const advisor = { ...mockAccount, roles: ['ROLE_USER', 'ROLE_ADVISOR'], chapterIds: [7, 8] };
    const names: Record<string, string> = { '7': 'Alpha Beta', '8': 'Gamma Delta' };
    mockServer.use(
      http.get('/api/public/account', () => HttpResponse.json(advisor)),
      http.get('/api/admin/chapters/:id', ({ params }) =>
        HttpResponse.json({ id: Number(params.id), name: names[String(params.id)], abbreviation: 'AB' }),
      ),
    );
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard: Alpha Beta, Gamma Delta' })).toBeTruthy();
  });

  it('keeps the plain title for an account reaching every chapter', async () => {
    useDashboardData();
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeTruthy();
  });
});

describe('card figures', () => {
  it('takes period 0 as current and 1 as previous, the sparkline oldest first, with the windows as labels', () => {
    const f = figuresFromCounts(countRows([45, 40, 30]).reverse(), 7, new Date('2027-01-03T10:00:00Z'));
    expect(f).toMatchObject({ current: 45, previous: 40, change: 12.5, direction: 'up' });
    expect(f.points).toEqual([
      { label: 'Dec 14 – Dec 20', count: 30 },
      { label: 'Dec 21 – Dec 27', count: 40 },
      { label: 'Dec 28 – Jan 3', count: 45 },
    ]);
  });

  it('compares the newest season with the one a year before', () => {
    const f = figuresFromSeasons(seasonRows([12, 0, 7], 'Fall', 2026).reverse());
    expect(f).toMatchObject({ current: 12, previous: 0, change: 100, direction: 'up' });
    expect(f.points.map((p) => p.label)).toEqual(['Fall 2024', 'Fall 2025', 'Fall 2026']);
    expect(figuresFromSeasons([])).toMatchObject({ current: 0, previous: 0, change: 100, direction: 'up' });
  });

  it('scales heatmap cells against the busiest month', () => {
    expect(intensity(0, 100)).toBe(0);
    expect(intensity(100, 100)).toBe(1);
    expect(intensity(1, 100)).toBeCloseTo(0.109);
    expect(intensity(5, 0)).toBe(0);
  });
});
