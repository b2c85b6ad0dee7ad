import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../mocks/node';
import { mockAccount } from '../mocks/fixtures';
import { renderRoute } from '../test/render';

describe('/', () => {
  it('sends staff to the dashboard', async () => {
    mockServer.use(http.get('/api/public/account', () => HttpResponse.json({ ...mockAccount, admin: true })));
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('sends a member to their home, a page the server renders: the browser loads it', async () => {
    mockServer.use(http.get('/api/public/account', () => HttpResponse.json({ ...mockAccount, admin: false })));
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    try {
      renderRoute('/');
      await waitFor(() => expect(replace).toHaveBeenCalledWith('/member'));
    } finally {
      replace.mockRestore();
    }
  });

  it('sends a signed-out visitor to the login', async () => {
    mockServer.use(
      http.get('/api/public/account', () => HttpResponse.json({ message: 'You must be signed in' }, { status: 401 })),
    );
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
