import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { emptyAddress, type Chapter, type Institution } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';
import { pageOf } from '../../test/paged';

const leader = { name: null, email: null, signature: null };

const chapter = (over: Partial<Chapter>): Chapter => ({
  id: 1,
  name: 'Alpha Chapter',
  abbreviation: 'ALP',
  institution: { id: 5, name: 'Northwood University' },
  active: true,
  acceptingMembers: true,
  legacyId: null,
  address: { ...emptyAddress },
  logo: null,
  logoUrl: null,
  invitationAdvisor1: { ...leader, title: null, department: null },
  invitationAdvisor2: { ...leader },
  invitationPresident: { ...leader },
  invitationLandingPage: null,
  invitationTestimonialName: null,
  invitationTestimonialTitle: null,
  invitationTestimonialText: null,
  sclaPage: null,
  sclaPageImage: null,
  createdAt: '2026-01-15T15:00:00.000Z',
  updatedAt: '2026-01-15T15:00:00.000Z',
  ...over,
});

const alpha = chapter({
  address: { street1: '1 Campus Way', street2: null, city: 'Midland', state: 'MI', postalCode: '48640', country: 'US' },
});
const beta = chapter({ id: 2, name: 'Beta Chapter', abbreviation: 'BET', active: false, acceptingMembers: false });

const institution = { id: 5, name: 'Northwood University' } as Institution;

let listRequests: URL[];
let saved: { method: string; url: string; body: any }[];
beforeEach(() => {
  listRequests = [];
  saved = [];
  mockServer.use(
    http.get('/api/admin/chapters', ({ request }) => {
      listRequests.push(new URL(request.url));
      return HttpResponse.json(pageOf([alpha, beta]));
    }),
    http.get('/api/admin/chapters/:id', ({ params }) => HttpResponse.json(params.id === '2' ? beta : alpha)),
    http.get('/api/admin/institutions', () => HttpResponse.json(pageOf([institution]))),
    http.post('/api/admin/chapters', async ({ request }) => {
      saved.push({ method: 'POST', url: request.url, body: await request.json() });
      return HttpResponse.json(alpha, { status: 201 });
    }),
    http.put('/api/admin/chapters/:id', async ({ request }) => {
      saved.push({ method: 'PUT', url: request.url, body: await request.json() });
      return HttpResponse.json(beta);
    }),
  );
});

const info = () => screen.getByRole('region', { name: 'Chapter Information' });
const field = (label: string) => within(info()).getByRole('textbox', { name: new RegExp(`^${label}`) });
// The first render of a route loads its code: give it longer than the default second.
const slow = { timeout: 5000 };
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

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
    expect(within(betaRow).getByRole('link', { name: 'Edit Beta Chapter' }).getAttribute('href')).toBe('/admin/chapters/2/edit');
    expect(screen.getByRole('link', { name: 'Add Chapter' }).getAttribute('href')).toBe('/admin/chapters/new');
  });

  it('sends the URL filters as 1/0 and exports with the same filters', async () => {
    renderRoute('/admin/chapters?active=1&acceptingMembers=0&search=north&sort=name:desc');
    await screen.findByText('Alpha Chapter', {}, { timeout: 5000 });
    const q = listRequests.at(-1)!.searchParams;
    expect([q.get('active'), q.get('acceptingMembers'), q.get('search'), q.get('sort')]).toEqual(['1', '0', 'north', 'name:desc']);
    const href = screen.getByRole('link', { name: 'Export' }).getAttribute('href')!;
    const exportUrl = new URL(href, 'http://x');
    expect(exportUrl.pathname).toBe('/api/admin/chapters/export');
    expect(Object.fromEntries(exportUrl.searchParams)).toEqual({ active: '1', acceptingMembers: '0', search: 'north', sort: 'name:desc' });
  });
});

describe('/admin/chapters/new', () => {
  it('shows the four cards and starts active and accepting members', async () => {
    renderRoute('/admin/chapters/new');
    for (const title of ['Chapter Information', 'Chapter Address', 'Invitation Leaders', 'Additional Invitation Information']) {
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
    fireEvent.change(within(leaders).getAllByRole('textbox', { name: 'Email' })[0]!, { target: { value: 'not-an-email' } });
    expect(await within(leaders).findByText('Invalid email')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('creates a chapter with the picked institution and returns to the list with the saved message', async () => {
    const { router } = renderRoute('/admin/chapters/new');
    await screen.findByRole('heading', { name: 'Chapter Information' }, slow);
    fireEvent.change(field('Name'), { target: { value: 'Gamma Chapter' } });
    fireEvent.change(field('Abbreviation'), { target: { value: 'GAM' } });
    fireEvent.click(field('Institution'));
    fireEvent.click(await screen.findByRole('option', { name: 'Northwood University', hidden: true }, slow));
    const leaders = screen.getByRole('region', { name: 'Invitation Leaders' });
    fireEvent.change(within(leaders).getAllByRole('textbox', { name: 'Email' })[2]!, { target: { value: 'pres@northwood.edu' } });
    save();
    expect(await screen.findByText('Chapter saved successfully.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chapters'));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.body).toMatchObject({
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
    mockServer.use(http.post('/api/admin/chapters', () => HttpResponse.json({ message: 'Something went wrong, please try again later.' }, { status: 500 })));
    const { router } = renderRoute('/admin/chapters/new');
    await screen.findByRole('heading', { name: 'Chapter Information' }, slow);
    fireEvent.change(field('Name'), { target: { value: 'Gamma Chapter' } });
    fireEvent.change(field('Abbreviation'), { target: { value: 'GAM' } });
    fireEvent.click(field('Institution'));
    fireEvent.click(await screen.findByRole('option', { name: 'Northwood University', hidden: true }, slow));
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
    expect(saved[0]).toMatchObject({ method: 'PUT', body: { name: 'Beta Chapter', institutionId: 5, active: true, acceptingMembers: false } });
    expect(new URL(saved[0]!.url).pathname).toBe('/api/admin/chapters/2');
  });
});
