import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TwoFactorStatus } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';

const on: TwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-01-05T10:00:00.000Z',
  recoveryCodesLeft: 10,
  required: false,
};

describe('two-factor sign-in on the profile', () => {
  it('puts the focus in the code field after Turn off, and in the password field after switching to it', async () => {
    mockServer.use(http.get('/api/admin/profile/two-factor', () => HttpResponse.json(on)));
    renderRoute('/admin/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }, slow));

    const code = await screen.findByLabelText('A code from your authenticator app');
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.click(screen.getByRole('button', { name: 'Use your password instead' }));
    const password = await screen.findByLabelText('Your password');
    await waitFor(() => expect(document.activeElement).toBe(password));
  });
});
