import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../mocks/node';
import { mockAccount } from '../mocks/fixtures';
import { renderRoute } from '../test/render';

describe('/', () => {
  it.each([
    [true, '/admin'],
    [false, '/member'],
  ])('sends an account with admin=%s to %s', async (admin, target) => {
    mockServer.use(http.get('/api/public/account', () => HttpResponse.json({ ...mockAccount, admin })));
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it('sends a signed-out visitor to the login', async () => {
    mockServer.use(
      http.get('/api/public/account', () => HttpResponse.json({ message: 'You must be signed in' }, { status: 401 })),
    );
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
