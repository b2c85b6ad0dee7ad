import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PASSWORD_LINK_INVALID, PASSWORD_SET } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { SET_PASSWORD_TEXTS as T } from './set-password-page';

/** Fills both fields and submits; answers what the server was sent. */
async function submit(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(T.password, { exact: false }, slow), password);
  await user.type(screen.getByLabelText(T.confirm, { exact: false }), confirm);
  await user.click(screen.getByRole('button', { name: T.submit }));
}

describe('/set-password', () => {
  it("sends the link's token with the new password, then says it is saved and offers sign-in", async () => {
    const sent: unknown[] = [];
    mockServer.use(
      http.post('/api/public/set-password', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: PASSWORD_SET });
      }),
    );
    renderRoute('/set-password?token=tok-123');
    await submit('brand-new-secret-7');
    expect(await screen.findByText(PASSWORD_SET)).toBeTruthy();
    expect(sent).toEqual([{ token: 'tok-123', password: 'brand-new-secret-7' }]);
    expect(screen.getByRole('link', { name: T.signIn }).getAttribute('href')).toBe('/login');
  });

  it('checks length and confirmation in the form, sending nothing', async () => {
    let calls = 0;
    mockServer.use(http.post('/api/public/set-password', () => (calls++, HttpResponse.json({ message: 'x' }))));
    renderRoute('/set-password?token=tok-123');
    await submit('short');
    expect(await screen.findByText('Password should be at least 8 chars')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(T.password, { exact: false }));
    await userEvent.clear(screen.getByLabelText(T.confirm, { exact: false }));
    await submit('brand-new-secret-7', 'brand-new-secret-8');
    expect(await screen.findByText(T.mismatch)).toBeTruthy();
    expect(calls).toBe(0);
  });

  it("shows the server's answer for a dead link, and a common password beside its field", async () => {
    let answer = 0;
    mockServer.use(
      http.post('/api/public/set-password', () =>
        ++answer === 1
          ? HttpResponse.json(
              { message: 'Too common', issues: [{ path: ['body', 'password'], message: 'Too common' }] },
              { status: 400 },
            )
          : HttpResponse.json({ message: PASSWORD_LINK_INVALID }, { status: 400 }),
      ),
    );
    renderRoute('/set-password?token=tok-123');
    await submit('password123');
    expect(await screen.findByText('Too common')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(PASSWORD_LINK_INVALID)).toBeTruthy();
  });

  it('without a token says the link is not valid and offers sign-in', async () => {
    renderRoute('/set-password');
    expect(await screen.findByText(PASSWORD_LINK_INVALID, {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.submit })).toBeNull();
  });
});
