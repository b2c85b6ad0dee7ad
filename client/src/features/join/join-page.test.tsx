import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { JOIN_CHECK_EMAIL, JOIN_SIGN_IN_TO_ACCEPT, type JoinInvitation } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { JOIN_TEXTS } from './join-action';

const INVITED: JoinInvitation = {
  invitationCode: 'JN-PAGE01',
  firstName: 'Ada',
  lastName: 'Rivera',
  state: 'invited',
  chapter: { name: 'Lakeside Leadership Chapter', abbreviation: 'LLC', logoUrl: null },
  institution: { name: 'Lakeside College', abbreviation: 'LKC', logoUrl: null },
  deadline: '2026-12-18',
  orientationDate: '2027-01-08',
  feeCents: 9500,
  currency: 'usd',
  paymentConfigured: true,
  passwordSet: true,
  advisors: [{ name: 'Dr. Maya Chen', title: 'Dean of Students', department: null, signatureUrl: null }],
  president: null,
  testimonial: null,
  sclaPage: null,
  sclaPageImageUrl: null,
};
const SHORT = 'Password should be at least 8 chars';

describe('/join/{invitationCode}', () => {
  it('shows why a password was refused until the student types another', async () => {
    mockServer.use(
      http.get('/api/public/join/JN-PAGE01', () => HttpResponse.json(INVITED)),
      http.post('/api/public/join/JN-PAGE01/pledge', () =>
        HttpResponse.json(
          { message: SHORT, issues: [{ path: ['body', 'password'], message: SHORT }] },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/join/JN-PAGE01?signature=sig');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: JOIN_TEXTS.accept }, slow));
    const password = screen.getByLabelText(JOIN_TEXTS.passwordLabel, { exact: false });
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: JOIN_TEXTS.confirmAccept }));
    expect(await screen.findByText(SHORT)).toBeTruthy();
    await user.type(password, '-and-longer');
    await waitFor(() => expect(screen.queryByText(SHORT)).toBeNull());
  });

  it("refuses a password under 8 characters in the form, with the server's words, and sends nothing", async () => {
    let pledges = 0;
    mockServer.use(
      http.get('/api/public/join/JN-PAGE01', () => HttpResponse.json(INVITED)),
      http.post('/api/public/join/JN-PAGE01/pledge', () => {
        pledges++;
        return HttpResponse.json({ message: 'not expected' }, { status: 500 });
      }),
    );
    renderRoute('/join/JN-PAGE01?signature=sig');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: JOIN_TEXTS.accept }, slow));
    const password = screen.getByLabelText(JOIN_TEXTS.passwordLabel, { exact: false });
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: JOIN_TEXTS.confirmAccept }));
    expect(await screen.findByText(SHORT)).toBeTruthy();
    await user.type(password, '!');
    await waitFor(() => expect(screen.queryByText(SHORT)).toBeNull());
    expect(pledges).toBe(0);
  });

  it('back from Checkout before the payment is applied: says it is being confirmed, then shows the member by itself', async () => {
    let reads = 0;
    mockServer.use(
      http.get('/api/public/join/JN-PAGE01', () =>
        HttpResponse.json({ ...INVITED, state: ++reads < 2 ? 'pledged' : 'member' }),
      ),
    );
    renderRoute('/join/JN-PAGE01?signature=sig&paid=1');
    expect(await screen.findByText(JOIN_TEXTS.confirming, {}, slow)).toBeTruthy();
    expect(await screen.findByText(JOIN_TEXTS.member, {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText(JOIN_TEXTS.confirming)).toBeNull();
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('a member without a password (paid before pledging) is sent to "Forgot password?", not the member area', async () => {
    for (const passwordSet of [true, false]) {
      mockServer.use(
        http.get('/api/public/join/JN-PAGE01', () => HttpResponse.json({ ...INVITED, state: 'member', passwordSet })),
      );
      const { unmount } = renderRoute('/join/JN-PAGE01?signature=sig');
      const name = passwordSet ? JOIN_TEXTS.memberArea : JOIN_TEXTS.setPassword;
      const link = await screen.findByRole('link', { name }, slow);
      expect(link.getAttribute('href')).toBe(passwordSet ? '/member' : '/login?forgot=1');
      unmount();
    }
  });

  it("an existing account's address: says a set-password email was sent, then shows the pledge", async () => {
    let reads = 0;
    mockServer.use(
      http.get('/api/public/join/JN-PAGE01', () =>
        HttpResponse.json({ ...INVITED, state: ++reads < 2 ? 'invited' : 'pledged' }),
      ),
      http.post('/api/public/join/JN-PAGE01/pledge', () =>
        HttpResponse.json({ message: JOIN_CHECK_EMAIL, state: 'pledged' }, { status: 202 }),
      ),
    );
    renderRoute('/join/JN-PAGE01?signature=sig');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: JOIN_TEXTS.accept }, slow));
    await user.type(screen.getByLabelText(JOIN_TEXTS.passwordLabel, { exact: false }), 'blue-otter-42');
    await user.click(screen.getByRole('button', { name: JOIN_TEXTS.confirmAccept }));
    expect(await screen.findByText(JOIN_CHECK_EMAIL, {}, slow)).toBeTruthy();
    expect(screen.queryByText(JOIN_TEXTS.pledged)).toBeNull();
  });

  it("a staff account's address: shows the 409 with a sign-in link back to this page", async () => {
    mockServer.use(
      http.get('/api/public/join/JN-PAGE01', () => HttpResponse.json(INVITED)),
      http.post('/api/public/join/JN-PAGE01/pledge', () =>
        HttpResponse.json({ message: JOIN_SIGN_IN_TO_ACCEPT }, { status: 409 }),
      ),
    );
    renderRoute('/join/JN-PAGE01?signature=s%2Bg');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: JOIN_TEXTS.accept }, slow));
    await user.type(screen.getByLabelText(JOIN_TEXTS.passwordLabel, { exact: false }), 'blue-otter-42');
    await user.click(screen.getByRole('button', { name: JOIN_TEXTS.confirmAccept }));
    expect(await screen.findByText(JOIN_SIGN_IN_TO_ACCEPT)).toBeTruthy();
    const link = screen.getByRole('link', { name: JOIN_TEXTS.signIn });
    expect(link.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/join/JN-PAGE01?signature=s%2Bg')}`);
  });
});
