import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';
import { homeOf, safeRedirect } from './login-page';

describe('login', () => {
  it('sends a signed-out visitor of /admin/* to /login with the path and query', async () => {
    mockServer.use(http.get('/api/public/account', () => HttpResponse.json({ message: 'You must be signed in' }, { status: 401 })));
    const { router } = renderRoute('/admin/institutions?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/admin/institutions?page=2' });
  });

  it('tells a signed-in member that /admin is for staff only', async () => {
    mockServer.use(
      http.get('/api/public/account', () =>
        HttpResponse.json({ id: 9, firstName: 'Max', lastName: 'Member', fullName: 'Max Member', email: 'max@example.edu', avatarUrl: null, admin: false }),
      ),
    );
    renderRoute('/admin');
    expect(await screen.findByText('This area is for staff only.')).toBeTruthy();
  });

  it('shows the server message on a failed sign-in', async () => {
    mockServer.use(http.post('/api/auth/login', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })));
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
    const member = { id: 9, firstName: 'Max', lastName: 'Member', fullName: 'Max Member', email: 'max@example.edu', avatarUrl: null, admin: false };
    mockServer.use(http.post('/api/auth/login', () => HttpResponse.json({ account: member })));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    try {
      renderRoute('/login');
      await userEvent.type(await screen.findByLabelText(/Email/), 'max@example.edu');
      await userEvent.type(screen.getByLabelText(/Password/), 'password123');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/member'));
    } finally {
      assign.mockRestore();
    }
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
});
