import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../mocks/node';
import { mockAccount } from '../../mocks/fixtures';
import { renderRoute } from '../../test/render';
import { homeOf, safeRedirect } from './login-page';

/** Signs in on `path` as `account` (the server mocked) and answers where the page then sent the browser. */
async function signInAndFollow(path: string, account: { admin: boolean; email: string }) {
  mockServer.use(
    http.post('/api/auth/login', () =>
      HttpResponse.json({
        account: { id: 9, firstName: 'Max', lastName: 'Tester', fullName: 'Max Tester', avatarUrl: null, ...account },
      }),
    ),
  );
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  try {
    renderRoute(path);
    await userEvent.type(await screen.findByLabelText(/Email/), account.email);
    await userEvent.type(screen.getByLabelText(/Password/), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    return assign.mock.calls[0]![0];
  } finally {
    assign.mockRestore();
  }
}

describe('login', () => {
  it('sends a signed-out visitor of /admin/* to /login with the path and query', async () => {
    mockServer.use(
      http.get('/api/public/account', () => HttpResponse.json({ message: 'You must be signed in' }, { status: 401 })),
    );
    const { router } = renderRoute('/admin/institutions?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/admin/institutions?page=2' });
  });

  it('tells a signed-in member that /admin is for staff only', async () => {
    mockServer.use(
      http.get('/api/public/account', () =>
        HttpResponse.json({
          id: 9,
          firstName: 'Max',
          lastName: 'Member',
          fullName: 'Max Member',
          email: 'max@example.edu',
          avatarUrl: null,
          admin: false,
        }),
      ),
    );
    renderRoute('/admin');
    expect(await screen.findByText('This area is for staff only.')).toBeTruthy();
  });

  it('shows the server message on a failed sign-in', async () => {
    mockServer.use(
      http.post('/api/auth/login', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })),
    );
    renderRoute('/login');
    await userEvent.type(await screen.findByLabelText(/Email/), 'jane@example.edu');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid email or password');
  });

  it('checks the fields before sending', async () => {
    renderRoute('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('sends a member who signs in without a redirect to /member, staff to /admin', async () => {
    expect(await signInAndFollow('/login', { admin: false, email: 'max@example.edu' })).toBe('/member');
    expect(homeOf({ admin: true })).toBe('/admin');
    expect(safeRedirect('/member?hasRsvp=1', homeOf({ admin: true }))).toBe('/member?hasRsvp=1');
  });

  it('only follows same-site redirects', () => {
    expect(safeRedirect('/admin/chapters?x=1')).toBe('/admin/chapters?x=1');
    expect(safeRedirect('https://evil.example')).toBe('/admin');
    expect(safeRedirect('//evil.example')).toBe('/admin');
    expect(safeRedirect(undefined)).toBe('/admin');
    expect(safeRedirect('//evil.example', '/member')).toBe('/member');
  });

  it('refuses the redirects that used to leave the site (a backslash, a tab)', () => {
    // `/login?redirect=%2F%5Cevil.example` and `%2F%09%2Fevil.example`, decoded as the router decodes them.
    expect(safeRedirect(decodeURIComponent('%2F%5Cevil.example'))).toBe('/admin');
    expect(safeRedirect(decodeURIComponent('%2F%09%2Fevil.example'))).toBe('/admin');
    expect(safeRedirect('/\\evil.example')).toBe('/admin');
    expect(safeRedirect('javascript:alert(1)')).toBe('/admin');
    expect(safeRedirect(`${window.location.origin}/admin/chapters`)).toBe('/admin/chapters');
  });

  it.each(['%2F%5Cevil.example', '%2F%09%2Fevil.example'])(
    'does not follow /login?redirect=%s after signing in',
    async (target) => {
      expect(await signInAndFollow(`/login?redirect=${target}`, { admin: true, email: 'sam@example.edu' })).toBe(
        '/admin',
      );
    },
  );
});

describe('login with two-factor sign-in', () => {
  // The whole account the contract answers (roles, permissions, chapters): the shell reads them.
  const staff = { ...mockAccount, id: 3 };

  it('asks for the code after the password, shows the one message for a wrong code, then signs in', async () => {
    const sent: string[] = [];
    mockServer.use(
      http.post('/api/auth/login', () => HttpResponse.json({ secondFactor: 'code' }, { status: 202 })),
      http.post('/api/auth/login/code', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        sent.push(code);
        return code === '246810'
          ? HttpResponse.json({ account: { ...staff, mustSetUpTwoFactor: false } })
          : HttpResponse.json({ message: 'Invalid code' }, { status: 401 });
      }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    try {
      renderRoute('/login?redirect=%2Fadmin%2Fchapters');
      await userEvent.type(await screen.findByLabelText(/Email/), staff.email);
      await userEvent.type(screen.getByLabelText(/Password/), 'password123');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      const code = await screen.findByLabelText(/^Code/);
      expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
      await userEvent.type(code, '111111');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid code');
      expect(assign).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
      await userEvent.type(await screen.findByLabelText(/^Recovery code/), 'abcde-fghjk');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Use a code from the app' }));
      await userEvent.type(await screen.findByLabelText(/^Code/), '246810');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/chapters'));
      expect(sent).toEqual(['111111', 'abcde-fghjk', '246810']);
    } finally {
      assign.mockRestore();
    }
  });

  it('leads staff who must set it up (REQUIRE_STAFF_2FA) to their profile, whatever the redirect', async () => {
    mockServer.use(
      http.post('/api/auth/login', () => HttpResponse.json({ account: { ...staff, mustSetUpTwoFactor: true } })),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    try {
      renderRoute('/login?redirect=%2Fadmin%2Fchapters');
      await userEvent.type(await screen.findByLabelText(/Email/), staff.email);
      await userEvent.type(screen.getByLabelText(/Password/), 'password123');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/profile'));
    } finally {
      assign.mockRestore();
    }
  });

  it('keeps staff who must set it up on their profile: any other staff screen leads there', async () => {
    mockServer.use(http.get('/api/public/account', () => HttpResponse.json({ ...staff, mustSetUpTwoFactor: true })));
    const { router } = renderRoute('/admin/institutions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/profile'));
  });
});
