import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Chapter, Institution } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { mockAreaApi, type AreaApiMock } from '../../test/area-api';
import { toFormValues } from './form-values';

/**
 * A chapter as the API answers it, built from the form's blank values so a field added to the contract
 * shows up here too. The blank values are typed blankable (any field may be null while editing) but hold
 * the API's shapes at run time (active, an empty address), hence the one cast.
 */
const chapter = (over: Partial<Chapter>): Chapter => {
  const { institutionId, ...blank } = toFormValues();
  const fields = {
    ...blank,
    id: 1,
    name: 'Alpha Chapter',
    abbreviation: 'ALP',
    institution: { id: 5, name: 'Northwood University' },
    logoUrl: null,
    createdAt: '2026-01-15T15:00:00.000Z',
    updatedAt: '2026-01-15T15:00:00.000Z',
  } satisfies Record<keyof Chapter, unknown>;
  return { ...(fields as Chapter), ...over };
};

const alpha = chapter({
  address: { street1: '1 Campus Way', street2: null, city: 'Midland', state: 'MI', postalCode: '48640', country: 'US' },
});
const beta = chapter({ id: 2, name: 'Beta Chapter', abbreviation: 'BET', active: false, acceptingMembers: false });

const institution = { id: 5, name: 'Northwood University' } as Institution;

let api: AreaApiMock;
beforeEach(() => {
  api = mockAreaApi('/api/admin/chapters', {
    list: () => pageOf([alpha, beta]),
    detail: (id) => (id === '2' ? beta : alpha),
    created: alpha,
    updated: beta,
  });
  mockServer.use(http.get('/api/admin/institutions', () => HttpResponse.json(pageOf([institution]))));
});

const info = () => screen.getByRole('region', { name: 'Chapter Information' });
const field = (label: string) => within(info()).getByRole('textbox', { name: new RegExp(`^${label}`) });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

/** Fills the three required fields of a new chapter: name, abbreviation and the picked institution. */
async function fillRequired() {
  await screen.findByRole('heading', { name: 'Chapter Information' }, slow);
  fireEvent.change(field('Name'), { target: { value: 'Gamma Chapter' } });
  fireEvent.change(field('Abbreviation'), { target: { value: 'GAM' } });
  fireEvent.click(field('Institution'));
  fireEvent.click(await screen.findByRole('option', { name: 'Northwood University', hidden: true }, slow));
}

describe('/admin/chapters', () => {
  it('lists chapters with their address and the accepting-members and active badges', async () => {
    renderRoute('/admin/chapters');
    expect(await screen.findByRole('heading', { name: 'Chapters' }, slow)).toBeTruthy();
    const alphaRow = (await screen.findByText('Alpha Chapter', {}, slow)).closest('tr')!;
    expect(within(alphaRow).getByText('1 Campus Way, Midland, MI 48640, US')).toBeTruthy();
    expect(within(alphaRow).getByText('Yes')).toBeTruthy();
    expect(within(alphaRow).getByText('Active')).toBeTruthy();
    const betaRow = screen.getByText('Beta Chapter').closest('tr')!;
    expect(within(betaRow).getByText('No')).toBeTruthy();
    expect(within(betaRow).getByText('Inactive')).toBeTruthy();
    expect(within(betaRow).getByRole('link', { name: 'Edit Beta Chapter' }).getAttribute('href')).toBe(
      '/admin/chapters/2/edit',
    );
    expect(screen.getByRole('link', { name: 'Add Chapter' }).getAttribute('href')).toBe('/admin/chapters/new');
  });

  it('sends the URL filters as 1/0 and exports with the same filters', async () => {
    renderRoute('/admin/chapters?active=1&acceptingMembers=0&search=north&sort=name:desc');
    await screen.findByText('Alpha Chapter', {}, slow);
    const q = api.listRequests.at(-1)!.searchParams;
    expect([q.get('active'), q.get('acceptingMembers'), q.get('search'), q.get('sort')]).toEqual([
      '1',
      '0',
      'north',
      'name:desc',
    ]);
    const href = screen.getByRole('link', { name: 'Export' }).getAttribute('href')!;
    const exportUrl = new URL(href, 'http://x');
    expect(exportUrl.pathname).toBe('/api/admin/chapters/export');
    expect(Object.fromEntries(exportUrl.searchParams)).toEqual({
      active: '1',
      acceptingMembers: '0',
      search: 'north',
      sort: 'name:desc',
    });
  });
});

describe('/admin/chapters/new', () => {
  it('shows the four cards and starts active and accepting members', async () => {
    renderRoute('/admin/chapters/new');
    for (const title of [
      'Chapter Information',
      'Chapter Address',
      'Invitation Leaders',
      'Additional Invitation Information',
    ]) {
      expect(await screen.findByRole('heading', { name: title }, slow)).toBeTruthy();
    }
    expect((screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Accepting Members' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the validation texts of spec 01 §5 and sends nothing', async () => {
    renderRoute('/admin/chapters/new');
    await screen.findByRole('heading', { name: 'Chapter Information' }, slow);
    save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Abbreviation is required')).toBeTruthy();
    expect(screen.getByText('Institution is required')).toBeTruthy();

    fireEvent.change(field('Abbreviation'), { target: { value: 'ABCDEFGHIJKLM' } });
    expect(await screen.findByText('Abbreviation must be 12 characters or less')).toBeTruthy();
    const leaders = screen.getByRole('region', { name: 'Invitation Leaders' });
    fireEvent.change(within(leaders).getAllByRole('textbox', { name: 'Email' })[0]!, {
      target: { value: 'not-an-email' },
    });
    expect(await within(leaders).findByText('Invalid email')).toBeTruthy();
    expect(api.saved).toEqual([]);
  });

  it('creates a chapter with the picked institution and returns to the list with the saved message', async () => {
    const { router } = renderRoute('/admin/chapters/new');
    await fillRequired();
    const leaders = screen.getByRole('region', { name: 'Invitation Leaders' });
    fireEvent.change(within(leaders).getAllByRole('textbox', { name: 'Email' })[2]!, {
      target: { value: 'pres@northwood.edu' },
    });
    save();
    expect(await screen.findByText('Chapter saved successfully.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chapters'));
    expect(api.saved).toHaveLength(1);
    expect(api.saved[0]!.body).toMatchObject({
      name: 'Gamma Chapter',
      abbreviation: 'GAM',
      institutionId: 5,
      active: true,
      acceptingMembers: true,
      logoId: null,
      invitationPresident: { email: 'pres@northwood.edu', signatureId: null },
    });
  });

  it('shows the generic text when the save fails', async () => {
    mockServer.use(
      http.post('/api/admin/chapters', () =>
        HttpResponse.json({ message: 'Something went wrong, please try again later.' }, { status: 500 }),
      ),
    );
    const { router } = renderRoute('/admin/chapters/new');
    await fillRequired();
    save();
    expect(await screen.findByText('Something went wrong, please try again later.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/chapters/new');
  });
});

describe('/admin/chapters/{id}/edit', () => {
  it('loads the chapter and updates it', async () => {
    const { router } = renderRoute('/admin/chapters/2/edit');
    expect(await screen.findByDisplayValue('Beta Chapter', {}, slow)).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(false);
    expect((field('Institution') as HTMLInputElement).value).toBe('Northwood University');
    fireEvent.click(screen.getByRole('switch', { name: 'Active' }));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chapters'));
    expect(api.saved[0]).toMatchObject({
      method: 'PUT',
      body: { name: 'Beta Chapter', institutionId: 5, active: true, acceptingMembers: false },
    });
    expect(new URL(api.saved[0]!.url).pathname).toBe('/api/admin/chapters/2');
  });
});
