import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CalendarEvent } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { calendarEventOf } from '../../test/events';

const NOW = new Date('2026-03-10T12:02:00');

// No end: the shared fixture's end (in 2099) would outlast these March 2026 events.
const event = (over: Partial<CalendarEvent>) => calendarEventOf(1, { eventEnd: null, ...over });

const future = event({
  uuid: '00000000-0000-4000-8000-0000000000f1',
  id: 11,
  name: 'Spring Gala',
  location: 'Main Hall',
  rsvpCount: 4,
  eventStart: new Date('2026-03-20T18:00:00').toISOString(),
});
const past = event({
  uuid: '00000000-0000-4000-8000-0000000000a1',
  id: 12,
  name: 'Winter Mixer',
  type: 'Chapter',
  chapter: { id: 3, name: 'Alpha' },
  canRsvp: false,
  rsvpCount: 9,
  eventStart: new Date('2026-03-05T18:00:00').toISOString(),
});

let requests: URL[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  requests = [];
  mockServer.use(
    http.get('/api/admin/calendar-events', ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json([future, past]);
    }),
  );
});
afterEach(() => vi.useRealTimers());

// happy-dom has no layout, so Mantine marks the popover's anchor as detached and hides the dropdown: query hidden too.
const all = { hidden: true };

// The first render loads the calendar chunk and the events: give it longer than the default second.
const openEvent = async (name: string) => {
  fireEvent.click(await screen.findByText(name, {}, slow));
  return screen.findByRole('dialog', { name });
};

describe('/admin/calendar', () => {
  it('shows the month, keeps the visible range and the types in the URL, and asks for that range', async () => {
    const { router } = renderRoute('/admin/calendar');
    expect(await screen.findByText('March 2026', {}, slow)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ start: '2026-03-01', end: '2026-04-05' }));
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    const query = requests.at(-1)!.searchParams;
    expect(query.get('includedTypes')).toBe('General,Chapter,Learning');
    expect(new Date(query.get('fromDate')!).getTime()).toBe(new Date('2026-03-01T00:00:00').getTime());

    fireEvent.click(screen.getByRole('checkbox', { name: 'Chapter' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ types: 'General,Learning' }));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('includedTypes')).toBe('General,Learning'));

    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('April 2026')).toBeTruthy();
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ start: '2026-03-29', types: 'General,Learning' }),
    );
  });

  it('offers Edit and Delete only for future events, with the RSVP count', async () => {
    renderRoute('/admin/calendar?start=2026-03-01&end=2026-04-05');
    const upcoming = await openEvent('Spring Gala');
    expect(within(upcoming).getByText('4 RSVPs')).toBeTruthy();
    expect(within(upcoming).getByText('Main Hall')).toBeTruthy();
    expect(within(upcoming).getByRole('button', { name: 'Edit', ...all })).toBeTruthy();
    expect(within(upcoming).getByRole('button', { name: 'Delete', ...all })).toBeTruthy();

    const over = await openEvent('Winter Mixer');
    expect(within(over).getByText('9 RSVPs')).toBeTruthy();
    expect(within(over).getByText('Past event')).toBeTruthy();
    expect(within(over).queryByRole('button', { name: 'Edit', ...all })).toBeNull();
    expect(within(over).queryByRole('button', { name: 'Delete', ...all })).toBeNull();
  });

  it('edits an event in the side panel named after its calendar', async () => {
    let patched: { uuid: string; body: Record<string, unknown> } | undefined;
    mockServer.use(
      http.get('/api/admin/calendar-events/:uuid', () =>
        HttpResponse.json({ ...future, type: 'Chapter', chapter: { id: 3, name: 'Alpha' } }),
      ),
      http.patch('/api/admin/calendar-events/:uuid', async ({ params, request }) => {
        patched = { uuid: String(params.uuid), body: (await request.json()) as Record<string, unknown> };
        return HttpResponse.json(future);
      }),
    );
    const { router } = renderRoute('/admin/calendar?start=2026-03-01&end=2026-04-05');
    fireEvent.click(within(await openEvent('Spring Gala')).getByRole('button', { name: 'Edit', ...all }));
    const panel = await screen.findByRole('dialog', { name: 'Chapter Calendar Event' });
    expect(router.state.location.search).toMatchObject({ edit: future.uuid });
    expect((within(panel).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Spring Gala');
    expect((within(panel).getByRole('textbox', { name: 'Chapter' }) as HTMLInputElement).value).toBe('Alpha');
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Name' }), { target: { value: 'Spring Gala Dinner' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Calender Event saved successfully.')).toBeTruthy();
    expect(patched).toMatchObject({
      uuid: future.uuid,
      body: { name: 'Spring Gala Dinner', type: 'Chapter', chapterId: 3, location: 'Main Hall' },
    });
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('edit'));
  });

  it('asks before deleting and says so when it is done', async () => {
    let deleted = '';
    mockServer.use(
      http.delete('/api/admin/calendar-events/:uuid', ({ params }) => {
        deleted = String(params.uuid);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/admin/calendar?start=2026-03-01&end=2026-04-05');
    const popover = await openEvent('Spring Gala');
    fireEvent.click(within(popover).getByRole('button', { name: 'Delete', ...all }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Calendar Event' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Calendar Event deleted')).toBeTruthy();
    expect(deleted).toBe(future.uuid);
  });

  it('shows the spec texts when a delete fails', async () => {
    mockServer.use(
      http.delete('/api/admin/calendar-events/:uuid', () =>
        HttpResponse.json({ message: 'Past events cannot be changed' }, { status: 409 }),
      ),
    );
    renderRoute('/admin/calendar?start=2026-03-01&end=2026-04-05');
    fireEvent.click(within(await openEvent('Spring Gala')).getByRole('button', { name: 'Delete', ...all }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Calendar Event' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Error deleting Calendar Event')).toBeTruthy();
    expect(screen.getByText('Sorry there was an error deleting the Calendar Event')).toBeTruthy();
  });

  it('opens a General Calendar Event panel starting 7 days ahead for one hour, and saves it', async () => {
    let body: Record<string, unknown> | undefined;
    mockServer.use(
      http.post('/api/admin/calendar-events', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(event({ ...(body as object), uuid: '00000000-0000-4000-8000-0000000000b1' }), {
          status: 201,
        });
      }),
    );
    renderRoute('/admin/calendar?start=2026-03-01&end=2026-04-05');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Calendar Event' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'General Calendar Event' });
    // 12:02 seven days on, rounded up to the 5-minute step.
    expect(within(panel).getByText('Tue, Mar 17, 2026 12:05 PM')).toBeTruthy();
    expect(within(panel).getByText('Tue, Mar 17, 2026 1:05 PM')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Name is required')).toBeTruthy();
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Name' }), { target: { value: 'ab' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Name must be at least 3 characters')).toBeTruthy();

    fireEvent.change(within(panel).getByRole('textbox', { name: 'Name' }), { target: { value: 'Chapter Kickoff' } });
    fireEvent.click(within(panel).getByRole('radio', { name: 'Chapter' }));
    expect(await screen.findByRole('dialog', { name: 'Chapter Calendar Event' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Chapter is required')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('radio', { name: 'General' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Calender Event saved successfully.')).toBeTruthy();
    expect(body).toMatchObject({
      name: 'Chapter Kickoff',
      type: 'General',
      chapterId: null,
      eventStart: new Date('2026-03-17T12:05:00').toISOString(),
      eventEnd: new Date('2026-03-17T13:05:00').toISOString(),
      zoom: false,
    });
  });
});
