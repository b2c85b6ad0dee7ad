import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CurrentAccount, MemberProfile } from '@app/contract';
import { EMAIL_CHANGE_SENT, PROFILE_SAVED } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';

const account: CurrentAccount = {
  id: 9,
  firstName: 'Max',
  lastName: 'Member',
  fullName: 'Max Member',
  email: 'max@example.edu',
  avatarUrl: null,
  admin: false,
  roles: ['ROLE_USER'],
  permissions: [],
  chapterIds: [],
  mustSetUpTwoFactor: false,
};

const PROFILE: MemberProfile = {
  firstName: 'Max',
  lastName: 'Member',
  certificateName: null,
  email: 'max@example.edu',
  pendingEmail: null,
  phone: null,
  address: { street1: null, street2: null, city: null, state: null, postalCode: null, country: null },
  directoryOptOut: false,
  twoFactor: false,
  status: {
    state: 'member',
    pledgedAt: '2026-03-01T12:00:00.000Z',
    memberSince: '2026-03-14T12:00:00.000Z',
    chapter: 'Alpha Chapter',
    institution: 'State University',
  },
};

function serve() {
  const saved: unknown[] = [];
  let profile = PROFILE;
  mockServer.use(
    http.get('/api/public/account', () => HttpResponse.json(account)),
    http.get('/api/member/profile', () => HttpResponse.json(profile)),
    http.put('/api/member/profile', async ({ request }) => {
      const body = (await request.json()) as Partial<MemberProfile>;
      saved.push(body);
      profile = { ...profile, ...body, address: profile.address };
      return HttpResponse.json(profile);
    }),
    http.post('/api/member/profile/email', () => HttpResponse.json({ message: EMAIL_CHANGE_SENT }, { status: 202 })),
  );
  return { saved };
}

describe('/member/profile', () => {
  it('edits the own profile and asks for an email change by link', async () => {
    const { saved } = serve();
    renderRoute('/member/profile');
    const name = await screen.findByLabelText('Name on the certificate');
    await userEvent.type(name, 'Maximilian Member');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    expect(saved.at(-1)).toMatchObject({ firstName: 'Max', lastName: 'Member', certificateName: 'Maximilian Member' });

    await userEvent.type(screen.getByLabelText('New email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('New email address'));
    await userEvent.type(screen.getByLabelText('New email address'), 'max@new.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(EMAIL_CHANGE_SENT)).toBeTruthy();
  });

  it('links back to the member home, which the server renders: a document load, not a route of the app', async () => {
    serve();
    renderRoute('/member/profile');
    const home = await screen.findByRole('link', { name: 'Member home' });
    expect(home.getAttribute('href')).toBe('/member');
    expect(screen.getByRole('link', { name: 'Honor Society home' }).getAttribute('href')).toBe('/member');
  });
});
