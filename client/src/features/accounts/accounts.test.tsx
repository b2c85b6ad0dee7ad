import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import { emptyAddress, type Account, type MemberRow } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { requestLog } from '../../test/request-log';

const account = (over: Partial<Account>): Account => ({
  id: 7,
  firstName: 'Grace',
  lastName: 'Hopper',
  fullName: 'Grace Hopper',
  email: 'grace@example.edu',
  invitationCode: null,
  admin: false,
  active: true,
  legacyId: null,
  phone: '+12025550123',
  address: {
    ...emptyAddress,
    street1: '1 Navy Yard',
    city: 'Washington',
    state: 'DC',
    postalCode: '20001',
    country: 'US',
  },
  roles: ['ROLE_USER'],
  chapterIds: [],
  institutionId: null,
  chapterId: null,
  schoolName: null,
  pledgedAt: null,
  memberAt: null,
  twoFactorOn: false,
  directoryOptOut: false,
  createdAt: '2026-01-15T15:00:00.000Z',
  updatedAt: '2026-01-15T15:00:00.000Z',
  ...over,
});

const grace = account({});
// The signed-in admin of the mocks (id 1).
const ada = account({
  id: 1,
  firstName: 'Ada',
  lastName: 'Admin',
  fullName: 'Ada Admin',
  email: 'ada@example.edu',
  admin: true,
  roles: ['ROLE_USER', 'ROLE_ADMIN'],
  phone: null,
  address: emptyAddress,
  active: true,
});
const alan = account({
  id: 9,
  firstName: 'Alan',
  lastName: 'Turing',
  fullName: 'Alan Turing',
  email: 'alan@example.edu',
  active: false,
  phone: '+442079460958',
  address: emptyAddress,
});

const member = (over: Partial<MemberRow>): MemberRow => ({
  id: 21,
  firstname: 'Amy',
  lastname: 'Young',
  fullname: 'Amy Young',
  email: 'amy@lakeside.edu',
  invitationcode: 'LSC-1',
  schoolname: 'Lakeside College',
  memberat: '2024-03-05T10:00:00.000Z',
  pledgedat: '2024-03-01T10:00:00.000Z',
  directoryOptOut: false,
  ...over,
});
const amy = member({});
const ben = member({
  id: 22,
  firstname: 'Ben',
  lastname: 'Xavier',
  fullname: 'Ben Xavier',
  email: 'ben@hillcrest.edu',
  invitationcode: null,
  schoolname: null,
  memberat: '2024-01-31T23:59:59.000Z',
  directoryOptOut: true,
});
const eve = member({
  id: 31,
  firstname: 'Eve',
  lastname: 'Upton',
  fullname: 'Eve Upton',
  email: 'eve@lakeside.edu',
  invitationcode: 'LSC-3',
  memberat: null,
  pledgedat: '2024-05-01T00:00:00.000Z',
  directoryOptOut: true,
});

const { record, sent, clear } = requestLog();

beforeEach(() => {
  // Notifications outlive a render (one store); at most 5 show at once, so start each test clean.
  notifications.clean();
  clear();
  mockServer.use(
    http.get(
      '/api/admin/accounts/legacy',
      async ({ request }) => (
        await record(request),
        HttpResponse.json(pageOf([amy, ben], { totalItems: 42, totalPages: 5 }))
      ),
    ),
    http.get(
      '/api/admin/accounts/pledges',
      async ({ request }) => (await record(request), HttpResponse.json(pageOf([eve]))),
    ),
    http.get('/api/admin/accounts/legacy/:id', () => HttpResponse.json(amy)),
    http.put(
      '/api/admin/accounts/legacy/:id/reset-password',
      async ({ request }) => (await record(request), new HttpResponse(null, { status: 204 })),
    ),
    http.put('/api/admin/accounts/legacy/:id', async ({ request }) => (await record(request), HttpResponse.json(amy))),
    http.get(
      '/api/admin/accounts',
      async ({ request }) => (
        await record(request),
        HttpResponse.json(pageOf([grace, ada, alan], { totalItems: 23, totalPages: 3 }))
      ),
    ),
    http.get('/api/admin/accounts/:id', ({ params }) =>
      HttpResponse.json([grace, ada, alan].find((a) => String(a.id) === params.id)),
    ),
    http.post(
      '/api/admin/accounts',
      async ({ request }) => (await record(request), HttpResponse.json(grace, { status: 201 })),
    ),
    http.put(
      '/api/admin/accounts/:id/reset-password',
      async ({ request }) => (await record(request), new HttpResponse(null, { status: 204 })),
    ),
    http.put('/api/admin/accounts/:id', async ({ request }) => (await record(request), HttpResponse.json(grace))),
  );
});

const field = (panel: HTMLElement, label: RegExp) => within(panel).getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('/admin/accounts', () => {
  it('shows name/email, address/phone, lowercase roles and active, with the pager', async () => {
    renderRoute('/admin/accounts');
    expect(await screen.findByText('Grace Hopper', {}, slow)).toBeTruthy();
    expect(screen.getByText('grace@example.edu')).toBeTruthy();
    expect(screen.getByText('1 Navy Yard, Washington, DC 20001')).toBeTruthy();
    expect(screen.getByText('(202) 555-0123')).toBeTruthy();
    expect(screen.getByText('+44 20 7946 0958')).toBeTruthy();
    expect(screen.getAllByText('user')).toHaveLength(3);
    expect(screen.getByText('admin')).toBeTruthy();
    expect(screen.queryByText('ROLE_ADMIN')).toBeNull();
    expect(screen.getAllByText('active')).toHaveLength(2);
    expect(screen.getByText('inactive')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByText('23 records')).toBeTruthy();
  });

  it('searches and sorts by name through the URL', async () => {
    const { router } = renderRoute('/admin/accounts');
    await screen.findByText('Grace Hopper', {}, slow);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'hop{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'hop' }));
    await waitFor(() => expect(sent('GET', '/api/admin/accounts').at(-1)?.url.searchParams.get('search')).toBe('hop'));
    fireEvent.click(screen.getByRole('button', { name: 'Name / Email' }));
    await waitFor(() =>
      expect(sent('GET', '/api/admin/accounts').at(-1)?.url.searchParams.get('sort')).toBe('name:asc'),
    );
  });

  it('checks the Add Account panel with the server texts', async () => {
    renderRoute('/admin/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Account' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Add Account' });
    type(field(panel, /^Phone/), '555-12');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    for (const text of [
      'First Name is required',
      'Last Name is required',
      'Email is required',
      'Password is required',
      'Invalid phone number',
    ]) {
      expect(await within(panel).findByText(text)).toBeTruthy();
    }
    type(field(panel, /^Email/), 'nope');
    type(field(panel, /^Password/), 'short');
    expect(await within(panel).findByText('Invalid email')).toBeTruthy();
    expect(within(panel).getByText('Password should be at least 8 chars')).toBeTruthy();
    expect(sent('POST', '/api/admin/accounts')).toEqual([]);
  });

  it('creates an account (phone sent as E.164, admin toggle) and says so', async () => {
    const { router } = renderRoute('/admin/accounts?edit=new');
    const panel = await screen.findByRole('dialog', { name: 'Add Account' }, slow);
    type(field(panel, /^First Name/), 'Grace');
    type(field(panel, /^Last Name/), 'Hopper');
    type(field(panel, /^Email/), 'grace@example.edu');
    type(field(panel, /^Password/), 'correct horse');
    type(field(panel, /^Phone/), '(202) 555-0123');
    fireEvent.click(field(panel, /^Admin/));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account saved successfully.')).toBeTruthy();
    expect(sent('POST', '/api/admin/accounts')[0]!.body).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.edu',
      password: 'correct horse',
      phone: '+12025550123',
      admin: true,
      active: true,
    });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("shows the server's duplicate-email message", async () => {
    mockServer.use(
      http.post('/api/admin/accounts', () =>
        HttpResponse.json({ message: 'An account with this email already exists' }, { status: 409 }),
      ),
    );
    renderRoute('/admin/accounts?edit=new');
    const panel = await screen.findByRole('dialog', { name: 'Add Account' }, slow);
    type(field(panel, /^First Name/), 'Grace');
    type(field(panel, /^Last Name/), 'Hopper');
    type(field(panel, /^Email/), 'grace@example.edu');
    type(field(panel, /^Password/), 'correct horse');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
  });

  it('edits without a password field and keeps the own admin and active toggles locked', async () => {
    renderRoute('/admin/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ada Admin' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Edit Account' });
    await waitFor(() => expect(field(panel, /^First Name/).value).toBe('Ada'));
    expect(within(panel).queryByLabelText(/^Password/)).toBeNull();
    expect(field(panel, /^Admin/).disabled).toBe(true);
    expect(field(panel, /^Active/).disabled).toBe(true);
    expect(within(panel).getByText('You cannot deactivate your own account')).toBeTruthy();
  });

  it('saves an edit of another account', async () => {
    renderRoute('/admin/accounts?edit=9');
    const panel = await screen.findByRole('dialog', { name: 'Edit Account' }, slow);
    await waitFor(() => expect(field(panel, /^Phone/).value).toBe('+44 20 7946 0958'));
    expect(field(panel, /^Active/).disabled).toBe(false);
    fireEvent.click(field(panel, /^Active/));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account saved successfully.')).toBeTruthy();
    const put = sent('PUT', '/api/admin/accounts/9')[0]!;
    expect(put.body).toMatchObject({ firstName: 'Alan', active: true, phone: '+442079460958' });
    expect(put.body).not.toHaveProperty('password');
  });

  it('resets a password with the spec texts', async () => {
    renderRoute('/admin/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password of Grace Hopper' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(within(panel).getByText('Grace Hopper')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('New Password is required')).toBeTruthy();
    expect(within(panel).getByText('Confirm Password is required')).toBeTruthy();
    type(field(panel, /^New Password/), 'short');
    type(field(panel, /^Confirm Password/), 'short');
    expect(await within(panel).findByText('New password should be at least 8 chars')).toBeTruthy();
    type(field(panel, /^New Password/), 'long enough');
    expect(await within(panel).findByText("Passwords don't match")).toBeTruthy();
    type(field(panel, /^Confirm Password/), 'long enough');
    await waitFor(() => expect(within(panel).queryByText("Passwords don't match")).toBeNull());
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password saved successfully.')).toBeTruthy();
    expect(sent('PUT', '/api/admin/accounts/7/reset-password')[0]!.body).toEqual({
      newPassword: 'long enough',
      confirmPassword: 'long enough',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset Password' })).toBeNull());
  });

  it('shows the generic text when a password save fails without a message', async () => {
    mockServer.use(http.put('/api/admin/accounts/:id/reset-password', () => new HttpResponse(null, { status: 500 })));
    renderRoute('/admin/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password of Grace Hopper' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Reset Password' });
    type(field(panel, /^New Password/), 'long enough');
    type(field(panel, /^Confirm Password/), 'long enough');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong, please try again later.')).toBeTruthy();
  });
});

describe('/admin/accounts/members', () => {
  it('shows name, school, member since (UTC day) and invitation code', async () => {
    renderRoute('/admin/accounts/members');
    expect(await screen.findByText('Amy Young', {}, slow)).toBeTruthy();
    expect(screen.getByText('Lakeside College')).toBeTruthy();
    expect(screen.getByText('Mar 5, 2024')).toBeTruthy();
    expect(screen.getByText('Jan 31, 2024')).toBeTruthy();
    expect(screen.getByText('LSC-1')).toBeTruthy();
    expect(screen.getByText('42 records')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Member Since' })).toBeTruthy();
    // Issue 36 §5: the FERPA directory opt-out badge beside the name of Ben (opted out), not of Amy.
    expect(within(screen.getByText('Ben Xavier').closest('tr')!).getByText('Directory opt-out')).toBeTruthy();
    expect(within(screen.getByText('Amy Young').closest('tr')!).queryByText('Directory opt-out')).toBeNull();
  });

  it('sends the URL filters and exports with them', async () => {
    renderRoute(
      '/admin/accounts/members?memberFrom=2024-01-01&memberTo=2024-01-31&search=lake&sort=memberat:asc&page=2',
    );
    await screen.findByText('Amy Young', {}, slow);
    const params = sent('GET', '/api/admin/accounts/legacy').at(-1)!.url.searchParams;
    expect(Object.fromEntries(params)).toEqual({
      memberFrom: '2024-01-01',
      memberTo: '2024-01-31',
      search: 'lake',
      sort: 'memberat:asc',
      page: '2',
      pageSize: '10',
    });
    expect(screen.getByRole('link', { name: /Export/ }).getAttribute('href')).toBe(
      '/api/admin/accounts/legacy/export?memberFrom=2024-01-01&memberTo=2024-01-31&search=lake&sort=memberat%3Aasc',
    );
  });

  it('edits a member and says so', async () => {
    const { router } = renderRoute('/admin/accounts/members');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Amy Young' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Edit Member' });
    await waitFor(() => expect(field(panel, /^First Name/).value).toBe('Amy'));
    type(field(panel, /^Last Name/), '');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Last Name is required')).toBeTruthy();
    type(field(panel, /^Last Name/), 'Young-Lee');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PUT', '/api/admin/accounts/legacy/21')).toHaveLength(1));
    expect(await screen.findByText('Member saved successfully.')).toBeTruthy();
    expect(sent('PUT', '/api/admin/accounts/legacy/21')[0]!.body).toEqual({
      firstname: 'Amy',
      lastname: 'Young-Lee',
      email: 'amy@lakeside.edu',
    });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("resets a member's password through the members call", async () => {
    renderRoute('/admin/accounts/members');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password of Ben Xavier' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Reset Password' });
    type(field(panel, /^New Password/), 'long enough');
    type(field(panel, /^Confirm Password/), 'long enouhg');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText("Passwords don't match")).toBeTruthy();
    type(field(panel, /^Confirm Password/), 'long enough');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password saved successfully.')).toBeTruthy();
    expect(sent('PUT', '/api/admin/accounts/legacy/22/reset-password')).toHaveLength(1);
  });
});

describe('/admin/accounts/pledges', () => {
  it('is a read-only list with name, school, pledged at and invitation code', async () => {
    renderRoute('/admin/accounts/pledges?pledgeFrom=2024-05-01&pledgeTo=2024-05-31');
    expect(await screen.findByText('Eve Upton', {}, slow)).toBeTruthy();
    expect(screen.getByText('Lakeside College')).toBeTruthy();
    expect(screen.getByText('May 1, 2024')).toBeTruthy();
    expect(screen.getByText('LSC-3')).toBeTruthy();
    expect(within(screen.getByText('Eve Upton').closest('tr')!).getByText('Directory opt-out')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pledged At' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reset Password/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Export/ })).toBeNull();
    const params = sent('GET', '/api/admin/accounts/pledges').at(-1)!.url.searchParams;
    expect([params.get('pledgeFrom'), params.get('pledgeTo')]).toEqual(['2024-05-01', '2024-05-31']);
  });

  it("says 'No results found' when there are none", async () => {
    mockServer.use(
      http.get('/api/admin/accounts/pledges', () => HttpResponse.json(pageOf([], { totalItems: 0, totalPages: 0 }))),
    );
    renderRoute('/admin/accounts/pledges');
    expect(await screen.findByText('No results found', {}, slow)).toBeTruthy();
  });
});
