import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CurrentAccount, MemberProfile, MemberProgram, Receipt } from '@app/contract';
import { EMAIL_CHANGE_SENT, PROFILE_SAVED } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';
import { pageOf } from '../../test/paged';
import { memberEventOf } from '../../test/events';
import { CERTIFICATE_PENDING } from './certificate-card';

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

const profileOf = (over: Partial<MemberProfile> = {}): MemberProfile => ({
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
  ...over,
});

const receipts: Receipt[] = [
  {
    id: 2,
    kind: 'credit_note',
    number: 'C-000001',
    issuedAt: '2026-04-02T09:00:00.000Z',
    amountCents: 9500,
    currency: 'usd',
    method: 'stripe',
    refundOf: 'R-000007',
    pdfUrl: '/api/member/receipts/2.pdf',
  },
  {
    id: 1,
    kind: 'receipt',
    number: 'R-000007',
    issuedAt: '2026-03-14T12:00:00.000Z',
    amountCents: 9500,
    currency: 'usd',
    method: 'stripe',
    refundOf: null,
    pdfUrl: '/api/member/receipts/1.pdf',
  },
];

const program: MemberProgram = {
  id: 4,
  slug: 'leadership-101',
  name: 'Leadership 101',
  summary: null,
  progress: {
    startedAt: '2026-03-20T10:00:00.000Z',
    finishedAt: null,
    requiredCount: 4,
    completedRequiredCount: 3,
    percent: 75,
    xpEarned: 30,
    xpByKind: [],
  },
};

function serve(opts: { profile?: MemberProfile; certificate?: boolean } = {}) {
  const saved: unknown[] = [];
  let profile = opts.profile ?? profileOf();
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
    http.get('/api/member/receipts', () => HttpResponse.json(receipts)),
    http.get('/api/member/certificate', () =>
      opts.certificate === false
        ? HttpResponse.json({ message: 'Certificate not found' }, { status: 404 })
        : HttpResponse.json({
            id: '5b0e8f8e-3c1f-4f4a-9a51-2f9a3e1c7d10',
            number: 'MC-000042',
            verifyUrl: 'https://members.example.org/verify/5b0e8f8e-3c1f-4f4a-9a51-2f9a3e1c7d10',
          }),
    ),
    http.get('/api/member/calendar-events', () =>
      HttpResponse.json(pageOf([memberEventOf(1, { name: 'Leadership Summit' })], { totalPages: 1 })),
    ),
    http.get('/api/member/programs', () => HttpResponse.json([program])),
    http.get('/api/member/badges', () =>
      HttpResponse.json([
        {
          id: '7d3f1c2a-9b4e-4c1d-8a2f-5e6b7c8d9e0f',
          name: 'Leadership Lab',
          issuedAt: '2026-05-01T10:00:00.000Z',
          revoked: false,
          url: 'https://members.example.org/badges/7d3f1c2a-9b4e-4c1d-8a2f-5e6b7c8d9e0f',
          linkedInUrl: 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=Leadership+Lab',
        },
      ]),
    ),
  );
  return { saved };
}

describe('/member (member home)', () => {
  it('shows the status, certificate downloads, receipts with their PDFs, next events and programs', async () => {
    serve();
    renderRoute('/member');
    const status = await screen.findByRole('region', { name: 'Membership' });
    expect(within(status).getByText('Member')).toBeTruthy();
    expect(within(status).getByText('Mar 14, 2026')).toBeTruthy();
    expect(within(status).getByText('Alpha Chapter')).toBeTruthy();
    expect(within(status).getByText('State University')).toBeTruthy();

    const certificate = screen.getByRole('region', { name: 'Membership certificate' });
    expect(await within(certificate).findByText('Certificate No. MC-000042')).toBeTruthy();
    expect(within(certificate).getByRole('link', { name: 'Letter PDF' }).getAttribute('href')).toBe(
      '/api/member/certificate.pdf?size=letter',
    );
    expect(within(certificate).getByRole('link', { name: 'A4 PDF' }).getAttribute('href')).toBe(
      '/api/member/certificate.pdf?size=a4',
    );
    expect(
      within(certificate)
        .getByRole('link', { name: /verify/i })
        .getAttribute('href'),
    ).toMatch(/\/verify\//);

    const list = screen.getByRole('region', { name: 'Receipts' });
    const receipt = await within(list).findByRole('link', { name: 'Download Receipt R-000007 (PDF)' });
    expect(receipt.getAttribute('href')).toBe('/api/member/receipts/1.pdf');
    expect(within(list).getByRole('link', { name: 'Download Credit note C-000001 (PDF)' })).toBeTruthy();
    expect(within(list).getByText('−$95.00')).toBeTruthy();

    const badges = screen.getByRole('region', { name: 'Badges' });
    expect(await within(badges).findByRole('link', { name: 'Leadership Lab' })).toBeTruthy();
    expect(within(badges).getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.linkedin\.com\/profile\/add\?/,
    );
    expect(
      within(badges).getByRole('link', { name: 'Download the Leadership Lab credential' }).getAttribute('href'),
    ).toBe('https://members.example.org/badges/7d3f1c2a-9b4e-4c1d-8a2f-5e6b7c8d9e0f.json');
    expect(await screen.findByRole('article', { name: 'Leadership Summit' })).toBeTruthy();
    expect(await screen.findByRole('progressbar', { name: 'Leadership 101 progress' })).toBeTruthy();
  });

  it('tells a pledge the certificate comes with the membership', async () => {
    serve({
      certificate: false,
      profile: profileOf({
        status: {
          state: 'pledge',
          pledgedAt: '2026-03-01T12:00:00.000Z',
          memberSince: null,
          chapter: null,
          institution: null,
        },
      }),
    });
    renderRoute('/member');
    expect(await screen.findByText(CERTIFICATE_PENDING)).toBeTruthy();
    expect(screen.getByText('Pledged')).toBeTruthy();
  });

  it('edits the own profile and asks for an email change by link', async () => {
    const { saved } = serve();
    const { router } = renderRoute('/member');
    await userEvent.click(await screen.findByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/profile'));
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
});
