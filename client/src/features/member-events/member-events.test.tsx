import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CurrentAccount, MemberEvent } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';
import { pageOf } from '../../test/paged';
import { memberEventOf } from '../../test/events';
import { formatEventRange } from './format';

const member: CurrentAccount = {
  id: 9,
  firstName: 'Max',
  lastName: 'Member',
  fullName: 'Max Member',
  email: 'max@example.edu',
  avatarUrl: null,
  admin: false,
  roles: ['ROLE_USER'],
  permissions: [],
  chapterIds: [],
  mustSetUpTwoFactor: false,
};

const event = memberEventOf;

/** A tiny in-memory server: the list honours hasRsvp, POST/DELETE flip the event's RSVP. */
function serveEvents(events: MemberEvent[]) {
  const calls: { method: string; uuid: string }[] = [];
  const listQueries: URLSearchParams[] = [];
  const find = (uuid: string) => events.find((e) => e.uuid === uuid)!;
  mockServer.use(
    http.get('/api/public/account', () => HttpResponse.json(member)),
    http.get('/api/member/calendar-events', ({ request }) => {
      const q = new URL(request.url).searchParams;
      listQueries.push(q);
      const flag = q.get('hasRsvp');
      const items = flag === null ? events : events.filter((e) => e.hasRsvp === (flag === '1'));
      return HttpResponse.json(pageOf(items, { totalPages: items.length ? 1 : 0 }));
    }),
    http.post('/api/member/calendar-events/:uuid/rsvp', ({ params }) => {
      calls.push({ method: 'POST', uuid: String(params.uuid) });
      const e = find(String(params.uuid));
      e.hasRsvp = true;
      return HttpResponse.json(e);
    }),
    http.delete('/api/member/calendar-events/:uuid/rsvp', ({ params }) => {
      calls.push({ method: 'DELETE', uuid: String(params.uuid) });
      const e = find(String(params.uuid));
      e.hasRsvp = false;
      return HttpResponse.json(e);
    }),
  );
  return { calls, listQueries };
}

describe('/member', () => {
  it('lists upcoming events with their details for a signed-in member', async () => {
    serveEvents([
      event(1, {
        name: 'Leadership Summit',
        type: 'Chapter',
        chapter: { id: 3, name: 'Alpha Chapter' },
        location: 'Main Hall',
        zoom: { zoomStatus: 'Scheduled', zoomId: '123' },
        description: 'Talks and a dinner.',
      }),
      event(2, { name: 'Service Day', hasRsvp: true }),
    ]);
    renderRoute('/member/events');
    const card = await screen.findByRole('article', { name: 'Leadership Summit' });
    expect(screen.getByRole('heading', { name: 'Upcoming events' })).toBeTruthy();
    expect(screen.getByTestId('member-name').textContent).toBe('Max Member');
    const inCard = within(card);
    expect(inCard.getByText('Chapter')).toBeTruthy();
    expect(inCard.getByText('Alpha Chapter')).toBeTruthy();
    expect(inCard.getByText('Main Hall')).toBeTruthy();
    expect(inCard.getByText('Zoom')).toBeTruthy();
    expect(inCard.getByText('Talks and a dinner.')).toBeTruthy();
    // Intl puts thin spaces around the dash; compare the exact text, not the whitespace-collapsed one.
    const when = formatEventRange('2099-05-01T17:00:00.000Z', '2099-05-01T18:30:00.000Z');
    expect(inCard.getByText((_, el) => el?.tagName === 'P' && el.textContent === when)).toBeTruthy();
    expect(inCard.getByRole('button', { name: 'RSVP' })).toBeTruthy();

    const going = screen.getByRole('article', { name: 'Service Day' });
    expect(within(going).getByRole('button', { name: 'Withdraw RSVP' })).toBeTruthy();
    expect(within(going).queryByRole('button', { name: 'RSVP' })).toBeNull();
  });

  it('RSVPs with a POST, then shows Withdraw RSVP after the list is fetched again', async () => {
    const server = serveEvents([event(1, { name: 'Leadership Summit' })]);
    renderRoute('/member/events');
    const card = await screen.findByRole('article', { name: 'Leadership Summit' });
    const before = server.listQueries.length;
    await userEvent.click(within(card).getByRole('button', { name: 'RSVP' }));
    expect(await within(card).findByRole('button', { name: 'Withdraw RSVP' })).toBeTruthy();
    expect(server.calls).toEqual([{ method: 'POST', uuid: event(1).uuid }]);
    expect(server.listQueries.length).toBeGreaterThan(before);
    expect(await screen.findByText('RSVP saved')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Withdraw RSVP' }));
    expect(await within(card).findByRole('button', { name: 'RSVP' })).toBeTruthy();
    expect(server.calls.at(-1)).toEqual({ method: 'DELETE', uuid: event(1).uuid });
    expect(await screen.findByText('RSVP withdrawn')).toBeTruthy();
  });

  it('keeps the My RSVPs filter in the URL and sends hasRsvp=1', async () => {
    const server = serveEvents([
      event(1, { name: 'Leadership Summit' }),
      event(2, { name: 'Service Day', hasRsvp: true }),
    ]);
    const { router } = renderRoute('/member/events');
    await screen.findByRole('article', { name: 'Leadership Summit' });
    await userEvent.click(screen.getByText('My RSVPs'));
    await waitFor(() => expect(router.state.location.search).toEqual({ hasRsvp: 1 }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Leadership Summit' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Service Day' })).toBeTruthy();
    expect(server.listQueries.at(-1)?.get('hasRsvp')).toBe('1');

    await userEvent.click(screen.getByText('All'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('article', { name: 'Leadership Summit' })).toBeTruthy();
  });

  it('opens on My RSVPs from the URL and says when there is nothing', async () => {
    const server = serveEvents([event(1)]);
    renderRoute('/member/events?hasRsvp=1');
    expect(await screen.findByText('No upcoming events')).toBeTruthy();
    expect(server.listQueries.at(-1)?.get('hasRsvp')).toBe('1');
    expect(screen.getByRole('radio', { name: 'My RSVPs' })).toHaveProperty('checked', true);
  });

  it('sends a signed-out visitor to /login with the path', async () => {
    mockServer.use(
      http.get('/api/public/account', () => HttpResponse.json({ message: 'You must be signed in' }, { status: 401 })),
    );
    const { router } = renderRoute('/member/events?hasRsvp=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/member/events?hasRsvp=1' });
  });

  it('offers a member on /admin the way to their events', async () => {
    serveEvents([event(1, { name: 'Leadership Summit' })]);
    const { router } = renderRoute('/admin');
    await userEvent.click(await screen.findByRole('link', { name: 'Go to your events' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/events'));
    expect(await screen.findByRole('article', { name: 'Leadership Summit' })).toBeTruthy();
  });
});
