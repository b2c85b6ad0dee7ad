import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { emptyAddress, type Institution } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { mockAreaApi, type AreaApiMock } from '../../test/area-api';

const institution = (over: Partial<Institution>): Institution => ({
  id: 1,
  name: 'Northwood University',
  type: 'College/University',
  abbreviation: 'NWU',
  legacyId: null,
  ownership: 'Private',
  website: null,
  population: null,
  religiousAffiliation: 'Unknown',
  financialModel: 'Unknown',
  logo: null,
  logoUrl: null,
  logos: [],
  address: { ...emptyAddress, city: 'Midland', state: 'MI', country: 'US' },
  createdAt: '2026-01-15T15:00:00.000Z',
  updatedAt: '2026-01-15T15:00:00.000Z',
  ...over,
});

const northwood = institution({});
const lakeside = institution({
  id: 2,
  name: 'Lakeside Community College',
  abbreviation: 'LCC',
  type: 'Community College',
  ownership: 'Public',
});

let api: AreaApiMock;
beforeEach(() => {
  api = mockAreaApi('/api/admin/institutions', {
    list: () => pageOf([northwood, lakeside], { totalItems: 25, totalPages: 3 }),
    detail: (id) => (id === '2' ? lakeside : northwood),
    created: northwood,
    updated: northwood,
  });
});

/** Picks an option of a Mantine Select (happy-dom leaves its dropdown hidden, so the option is clicked directly). */
async function pick(input: HTMLElement, name: string) {
  await userEvent.click(input);
  const listbox = await waitFor(
    () => document.getElementById(input.getAttribute('aria-controls') ?? '') ?? Promise.reject(new Error('closed')),
  );
  fireEvent.click(within(listbox).getByRole('option', { name, hidden: true }));
}

describe('/admin/institutions', () => {
  it('renders rows, the pager and the record count', async () => {
    renderRoute('/admin/institutions');
    expect(await screen.findByText('Northwood University', {}, slow)).toBeTruthy();
    expect(screen.getByText('Lakeside Community College')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByText('25 records')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'First page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('link', { name: /Export/ }).getAttribute('href')).toBe('/api/admin/institutions/export');
  });

  it("says 'No results found' when the list is empty", async () => {
    mockServer.use(
      http.get('/api/admin/institutions', () => HttpResponse.json(pageOf([], { totalItems: 0, totalPages: 0 }))),
    );
    renderRoute('/admin/institutions');
    expect(await screen.findByText('No results found', {}, slow)).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('sorts by the Name header through the URL, and pages', async () => {
    const { router } = renderRoute('/admin/institutions');
    await screen.findByText('Northwood University', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name:asc' }));
    await waitFor(() => expect(api.listRequests.at(-1)?.searchParams.get('sort')).toBe('name:asc'));
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name:desc' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name:desc', page: 2 }));
    expect(screen.getByRole('link', { name: /Export/ }).getAttribute('href')).toBe(
      '/api/admin/institutions/export?sort=name%3Adesc',
    );
  });

  it('applies filters on Search, back to page 1, and falls back on a bad URL', async () => {
    const { router } = renderRoute('/admin/institutions?page=2&pageSize=abc&type=Nope');
    await screen.findByText('Northwood University', {}, slow);
    const first = api.listRequests.at(-1)!.searchParams;
    expect([first.get('page'), first.get('pageSize'), first.get('type')]).toEqual(['2', '10', null]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'north{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'north' }));
    await waitFor(() => expect(api.listRequests.at(-1)?.searchParams.get('search')).toBe('north'));
  });

  it('shows the server message with a retry when the list fails', async () => {
    mockServer.use(
      http.get('/api/admin/institutions', () => HttpResponse.json({ message: 'Database is down' }, { status: 503 })),
    );
    renderRoute('/admin/institutions');
    expect(await screen.findByText('Database is down', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('checks the Add Institution panel with the server texts before saving', async () => {
    const { router } = renderRoute('/admin/institutions');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Institution' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Add Institution' }, slow);
    expect(router.state.location.search).toEqual({ edit: 'new' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Name is required')).toBeTruthy();
    expect(within(panel).getByText('Abbreviation is required')).toBeTruthy();
    expect(within(panel).getByText('Type is required')).toBeTruthy();
    expect(within(panel).getByText('Ownership is required')).toBeTruthy();
    expect(api.saved).toEqual([]);
  });

  it('creates an institution and says so', async () => {
    const { router } = renderRoute('/admin/institutions?edit=new');
    const panel = await screen.findByRole('dialog', { name: 'Add Institution' }, slow);
    fireEvent.change(within(panel).getByLabelText(/^Name/), { target: { value: 'Hillcrest College' } });
    fireEvent.change(within(panel).getByLabelText(/^Abbreviation/), { target: { value: 'HCC' } });
    await pick(within(panel).getByRole('combobox', { name: /^Type/ }), 'Business');
    await pick(within(panel).getByRole('combobox', { name: /^Ownership/ }), 'Public');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Institution saved successfully.')).toBeTruthy();
    expect(api.saved).toHaveLength(1);
    expect(api.saved[0]!.body).toMatchObject({
      name: 'Hillcrest College',
      abbreviation: 'HCC',
      type: 'Business',
      ownership: 'Public',
      financialModel: 'Unknown',
      religiousAffiliation: 'Unknown',
    });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('edits from the row and puts server field issues on the fields', async () => {
    mockServer.use(
      http.put('/api/admin/institutions/:id', () =>
        HttpResponse.json(
          {
            message: 'Abbreviation is already used',
            issues: [{ path: ['body', 'abbreviation'], message: 'Abbreviation is already used' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { router } = renderRoute('/admin/institutions');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Lakeside Community College' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Edit Institution' });
    expect(router.state.location.search).toEqual({ edit: 2 });
    await waitFor(() =>
      expect((within(panel).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Lakeside Community College'),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Abbreviation is already used')).toBeTruthy();
  });

  it('shows the generic text when a save fails without a message', async () => {
    mockServer.use(http.post('/api/admin/institutions', () => new HttpResponse(null, { status: 500 })));
    renderRoute('/admin/institutions?edit=new');
    const panel = await screen.findByRole('dialog', { name: 'Add Institution' }, slow);
    fireEvent.change(within(panel).getByLabelText(/^Name/), { target: { value: 'Hillcrest College' } });
    fireEvent.change(within(panel).getByLabelText(/^Abbreviation/), { target: { value: 'HCC' } });
    await pick(within(panel).getByRole('combobox', { name: /^Type/ }), 'Business');
    await pick(within(panel).getByRole('combobox', { name: /^Ownership/ }), 'Private');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong, please try again later.')).toBeTruthy();
  });
});
