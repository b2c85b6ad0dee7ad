import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { EmailEvent, EmailSend, OutboxMessageDetail } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { mockAreaApi, type AreaApiMock } from '../../test/area-api';

const send = (over: Partial<EmailSend>): EmailSend => ({
  id: 1,
  subject: 'Your invitation, Ada',
  emailTo: 'ada@students.example',
  sendStatusMessage: null,
  source: 'invitation email',
  sourceShort: 'Invitation',
  sourceId: '42',
  sendAt: '2026-03-02T15:00:00.000Z',
  queuedAt: '2026-03-02T14:59:00.000Z',
  status: 'sent',
  sent: true,
  delivered: true,
  deferred: false,
  rejected: false,
  opened: true,
  clicked: false,
  bouncedSoft: false,
  bouncedHard: false,
  spam: false,
  unsub: false,
  ...over,
});

const ada = send({});
const bob = send({
  id: 2,
  emailTo: 'bob@students.example',
  subject: 'Welcome',
  source: 'welcome test',
  sourceShort: 'Welcome test',
  sourceId: '7',
  delivered: false,
  opened: false,
  bouncedHard: true,
});

const event = (over: Partial<EmailEvent>): EmailEvent => ({
  id: 1,
  name: 'sent',
  eventAt: '2026-03-02T15:00:00.000Z',
  link: null,
  ipAddress: null,
  userAgent: null,
  message: '250 OK',
  automated: false,
  origin: null,
  ...over,
});

let api: AreaApiMock;
let eventRequests: URL[];
beforeEach(() => {
  api = mockAreaApi('/api/admin/tech/emails', {
    list: () => pageOf([ada, bob], { totalItems: 2 }),
    detail: () => ada,
    created: ada,
    updated: ada,
  });
  eventRequests = [];
  mockServer.use(
    http.get('/api/admin/tech/emails/:id/events', ({ request }) => {
      eventRequests.push(new URL(request.url));
      return HttpResponse.json(
        pageOf(
          [
            event({}),
            event({
              id: 2,
              name: 'opened',
              automated: true,
              origin: 'machine-open',
              userAgent: 'Mozilla/5.0',
              ipAddress: '17.58.1.1',
            }),
            event({ id: 3, name: 'clicked', origin: 'person', link: 'https://society.example/accept' }),
            event({
              id: 4,
              name: 'opened',
              origin: 'image-proxy',
              userAgent: 'GoogleImageProxy',
              ipAddress: '66.249.1.1',
            }),
          ],
          { totalItems: 23, totalPages: 3 },
        ),
      );
    }),
  );
});

/** Picks an option of a Mantine Select (happy-dom leaves its dropdown hidden, so the option is clicked directly). */
async function pick(input: HTMLElement, name: string) {
  await userEvent.click(input);
  const listbox = await waitFor(
    () => document.getElementById(input.getAttribute('aria-controls') ?? '') ?? Promise.reject(new Error('closed')),
  );
  fireEvent.click(within(listbox).getByRole('option', { name, hidden: true }));
}

describe('/admin/tech/emails-sent', () => {
  it('lists sends with source, subject and status icons named for assistive technology', async () => {
    renderRoute('/admin/tech/emails-sent');
    expect(await screen.findByText('ada@students.example', {}, slow)).toBeTruthy();
    expect(screen.getByText('Your invitation, Ada')).toBeTruthy();
    expect(screen.getByText('Welcome test')).toBeTruthy();
    const rows = screen.getAllByRole('row');
    const adaRow = rows.find((r) => within(r).queryByText('ada@students.example'))!;
    expect(within(adaRow).getByRole('list', { name: 'Delivery' })).toBeTruthy();
    expect(within(adaRow).getByRole('listitem', { name: 'Delivered' })).toBeTruthy();
    expect(within(adaRow).getByRole('listitem', { name: 'Opened' })).toBeTruthy();
    expect(within(adaRow).getByLabelText('Negative: none')).toBeTruthy();
    const bobRow = rows.find((r) => within(r).queryByText('bob@students.example'))!;
    expect(within(bobRow).getByRole('listitem', { name: 'Hard bounce' })).toBeTruthy();
    expect(within(bobRow).queryByRole('listitem', { name: 'Delivered' })).toBeNull();
    // An address wraps after its '@' and before a '.', never in the middle of a word.
    const address = within(adaRow).getByText('ada@students.example');
    expect(address.innerHTML).toBe('ada@<wbr>students<wbr>.example');
    // The search box is never narrower than its placeholder.
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(search.getAttribute('placeholder')).toBe('Search address or subject');
    expect(search.closest<HTMLElement>('.mantine-TextInput-root')!.style.minWidth).toBe(
      'max(180px, min(100%, calc(25ch + 3rem)))',
    );
  });

  it('filters by source, event and source id through the URL and the API query', async () => {
    const { router } = renderRoute('/admin/tech/emails-sent');
    await screen.findByText('ada@students.example', {}, slow);
    await pick(await screen.findByRole('combobox', { name: 'Source' }, slow), 'tickler test');
    await pick(screen.getByRole('combobox', { name: 'Event' }), 'Hard bounce');
    await userEvent.type(screen.getByRole('textbox', { name: 'Source Id' }), '42{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ source: 'tickler test', event: 'bouncedHard', sourceId: 42 }),
    );
    await waitFor(() => {
      const q = api.listRequests.at(-1)!.searchParams;
      expect([q.get('source'), q.get('event'), q.get('sourceId')]).toEqual(['tickler test', 'bouncedHard', '42']);
    });
  });

  it("'View Details' opens the Email Events panel, paged by its own URL keys", async () => {
    const { router } = renderRoute('/admin/tech/emails-sent');
    await screen.findByText('ada@students.example', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'View Details of the email to ada@students.example' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ details: 1 }));
    const panel = await screen.findByRole('dialog', { name: 'Email Events' }, slow);
    // A machine open and an image-proxy open are told apart; a person's own click carries no badge.
    expect(await within(panel).findByText('Machine open')).toBeTruthy();
    expect(within(panel).getByText('Image proxy')).toBeTruthy();
    expect(within(panel).getByText('Machine open').closest('[title]')?.getAttribute('title')).toMatch(
      /Apple Mail Privacy Protection.*not counted/,
    );
    expect(within(panel).getByText('Image proxy').closest('[title]')?.getAttribute('title')).toMatch(
      /counted as an open/,
    );
    expect(within(panel).queryByText('Link scanner')).toBeNull();
    expect(within(panel).getByText('https://society.example/accept')).toBeTruthy();
    expect(within(panel).getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ details: 1, eventsPage: 2 }));
    fireEvent.click(within(panel).getByRole('button', { name: 'When' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ details: 1, eventsSort: 'eventAt:asc' }));
    await waitFor(() => {
      const last = eventRequests.at(-1)!;
      expect(last.pathname).toBe('/api/admin/tech/emails/1/events');
      expect(last.searchParams.get('sort')).toBe('eventAt:asc');
    });
    // The send log's own paging is untouched by the panel's.
    expect(api.listRequests.at(-1)!.searchParams.get('page')).toBe('1');
  });
});

describe('/admin/tech/outbox', () => {
  const message: OutboxMessageDetail = {
    id: 9,
    sendId: 1,
    fromAddress: '"Honor Society" <invite@society.example>',
    toAddress: 'ada@students.example',
    subject: 'Your invitation, Ada',
    createdAt: '2026-03-02T15:00:00.000Z',
    html: '<html><body><p>Dear Ada</p></body></html>',
    text: 'Dear Ada',
    headers: {
      From: '"Honor Society" <invite@society.example>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
  beforeEach(() => {
    mockAreaApi('/api/admin/tech/outbox', {
      list: () => pageOf([message]),
      detail: () => message,
      created: message,
      updated: message,
    });
  });

  it('lists messages and shows one: headers, the HTML in a sandboxed frame, and the text', async () => {
    const { router } = renderRoute('/admin/tech/outbox');
    expect(await screen.findByText('ada@students.example', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View the message to ada@students.example' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ message: 9 }));
    const panel = await screen.findByRole('dialog', { name: 'Your invitation, Ada' }, slow);
    expect(await within(panel).findByText('List-Unsubscribe=One-Click')).toBeTruthy();
    const frame = within(panel).getByTitle('HTML part');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Dear Ada</p>');
    fireEvent.click(within(panel).getByRole('tab', { name: 'Text' }));
    expect(await within(panel).findByText('Dear Ada')).toBeTruthy();
  });
});
