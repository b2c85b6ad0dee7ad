import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PASSWORD_LINK_REQUESTED } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';
import { FORGOT_TEXTS } from './forgot-password-step';

describe('"Forgot password?" on /login', () => {
  it('asks for a set-password link for the typed address and shows the neutral answer', async () => {
    const sent: unknown[] = [];
    mockServer.use(
      http.post('/api/public/forgot-password', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: PASSWORD_LINK_REQUESTED }, { status: 202 });
      }),
    );
    renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'jane@example.edu');
    await user.click(screen.getByRole('button', { name: FORGOT_TEXTS.link }));
    expect(screen.getByRole('heading', { name: FORGOT_TEXTS.title })).toBeTruthy();
    // The address typed for signing in is kept.
    expect(screen.getByLabelText(/Email/)).toHaveProperty('value', 'jane@example.edu');
    await user.click(screen.getByRole('button', { name: FORGOT_TEXTS.submit }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', PASSWORD_LINK_REQUESTED);
    expect(sent).toEqual([{ email: 'jane@example.edu' }]);
    await user.click(screen.getByRole('button', { name: FORGOT_TEXTS.back }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('opens on the request form from /login?forgot=1 (the join page of a member without a password)', async () => {
    renderRoute('/login?forgot=1');
    expect(await screen.findByRole('heading', { name: FORGOT_TEXTS.title })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: FORGOT_TEXTS.submit }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
  });

  it('shows the wait of a throttled request', async () => {
    const message = 'Too many attempts. Try again in 30 seconds.';
    mockServer.use(http.post('/api/public/forgot-password', () => HttpResponse.json({ message }, { status: 429 })));
    renderRoute('/login?forgot=1');
    await userEvent.type(await screen.findByLabelText(/Email/), 'jane@example.edu');
    await userEvent.click(screen.getByRole('button', { name: FORGOT_TEXTS.submit }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
  });
});
