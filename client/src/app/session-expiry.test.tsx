import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../mocks/node';
import { renderRoute } from '../test/render';
import { loginUrlFor } from './session-expiry';
import { mockAccount } from '../mocks/fixtures';

/** The shared mock account (roles, permissions, chapters: what the shell reads), as another staff member. */
const staff = { ...mockAccount, lastName: 'Staff', fullName: 'Ada Staff', roles: ['ROLE_ADMIN'] };
const ended = () => HttpResponse.json({ message: 'You must be signed in' }, { status: 401 });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  assign.mockRestore();
  window.history.replaceState(null, '', '/');
});

/** Renders a path with the browser's own address at the same place, as in the real app. */
function visit(path: string) {
  window.history.replaceState(null, '', path);
  return renderRoute(path);
}

describe('when the session ends', () => {
  it('a list call answering 401 sends the user to /login?redirect=<where they were>', async () => {
    mockServer.use(
      http.get('/api/public/account', () => HttpResponse.json(staff)),
      http.get('/api/admin/institutions', ended),
    );
    visit('/admin/institutions?page=2&search=north');
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Fadmin%2Finstitutions%3Fpage%3D2%26search%3Dnorth');
  });

  it('a save answering 401 does the same, without an error notification', async () => {
    mockServer.use(http.get('/api/public/account', () => HttpResponse.json(staff)));
    const { queryClient } = visit('/admin');
    await waitFor(() => expect(queryClient.getQueryData(['account', 'current'])).toBeDefined());
    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationFn: () => Promise.reject({ status: 401, body: { message: 'You must be signed in' } }),
      })
      .execute(undefined)
      .catch(() => {});
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Fadmin');
    expect(screen.queryByText('You must be signed in')).toBeNull();
  });

  it('a wrong password on /login (signed out) stays on the login page', async () => {
    mockServer.use(
      http.get('/api/public/account', ended),
      http.post('/api/auth/login', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })),
    );
    visit('/login');
    await userEvent.type(await screen.findByLabelText(/Email/), 'jane@example.edu');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid email or password');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('loginUrlFor', () => {
  it('keeps the path and query, encoded', () => {
    expect(loginUrlFor({ pathname: '/member', search: '?hasRsvp=1' })).toBe('/login?redirect=%2Fmember%3FhasRsvp%3D1');
  });
});
