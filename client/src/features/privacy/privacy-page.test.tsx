import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import { PRIVACY_AREA_LABELS, PRIVACY_AREAS, type PersonFound, type PrivacyRequest } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const EMAIL = 'zed.quimby@students.example';
const counts: Partial<Record<(typeof PRIVACY_AREAS)[number], number>> = {
  accounts: 1,
  invitees: 2,
  emailSends: 3,
  payments: 1,
  blockedEmails: 1,
};
const person: PersonFound = {
  emails: [EMAIL],
  names: ['Zed Quimby'],
  directoryOptOut: true,
  erased: false,
  groups: PRIVACY_AREAS.map((area) => ({
    area,
    label: PRIVACY_AREA_LABELS[area],
    count: counts[area] ?? 0,
    link: area === 'emailSends' ? `/admin/tech/emails-sent?search=${EMAIL}` : null,
  })),
  invitations: [{ id: 7, label: 'Alpha Chapter · 2026-12-01' }],
};
const request = (patch: Partial<PrivacyRequest>): PrivacyRequest => ({
  id: 5,
  status: 'Done',
  statusReason: null,
  createdAt: '2026-11-29T10:00:00Z',
  finishedAt: '2026-11-29T10:00:02Z',
  downloadedAt: null,
  changes: null,
  ...patch,
});

describe('/admin/tech/privacy', () => {
  it('finds a person by the URL lookup: names, opt-out badge, every area counted, invitation links', async () => {
    const asked: string[] = [];
    mockServer.use(
      http.get('/api/admin/tech/privacy/people', ({ request: r }) => {
        asked.push(new URL(r.url).search);
        return HttpResponse.json(person);
      }),
    );
    renderRoute(`/admin/tech/privacy?email=${EMAIL}`);
    expect(await screen.findByRole('heading', { name: 'Zed Quimby' }, slow)).toBeTruthy();
    expect(asked[0]).toBe(`?email=${encodeURIComponent(EMAIL)}`);
    expect(screen.getByText('Directory opt-out')).toBeTruthy();
    expect(screen.getByText('8 records')).toBeTruthy();
    const table = screen.getByRole('table');
    for (const area of PRIVACY_AREAS) expect(within(table).getByText(PRIVACY_AREA_LABELS[area])).toBeTruthy();
    const sends = within(table).getByText('Emails sent').closest('tr')!;
    expect(within(sends).getByText('3')).toBeTruthy();
    expect(within(sends).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      `/admin/tech/emails-sent?search=${EMAIL}`,
    );
    expect(screen.getByRole('link', { name: 'Alpha Chapter · 2026-12-01' }).getAttribute('href')).toBe(
      '/admin/logistics/invitations/7',
    );
  });

  it('exports: starts the job, shows its status and the one-time download', async () => {
    mockServer.use(
      http.get('/api/admin/tech/privacy/people', () => HttpResponse.json(person)),
      http.post('/api/admin/tech/privacy/exports', () =>
        HttpResponse.json({ id: 5, status: 'Queued' }, { status: 201 }),
      ),
      http.get('/api/admin/tech/privacy/exports/5', () => HttpResponse.json(request({}))),
    );
    renderRoute(`/admin/tech/privacy?email=${EMAIL}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Export data' }, slow));
    expect(await screen.findByText('Export #5')).toBeTruthy();
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Download zip/ }).getAttribute('href')).toBe(
      '/api/admin/tech/privacy/exports/5/download',
    );
  });

  it('erases: a reason, the dry run per table, then the erasure waiting for a second staff member', async () => {
    const bodies: unknown[] = [];
    mockServer.use(
      http.get('/api/admin/tech/privacy/people', () => HttpResponse.json(person)),
      http.post('/api/admin/tech/privacy/erasures', async ({ request: r }) => {
        const body = (await r.json()) as { dryRun: boolean };
        bodies.push(body);
        return body.dryRun
          ? HttpResponse.json({ changes: { accounts: 1, invitees: 2, payments: 1 } })
          : HttpResponse.json({ id: 9, status: 'Awaiting confirmation' }, { status: 201 });
      }),
      http.get('/api/admin/tech/privacy/erasures/9', () =>
        HttpResponse.json(request({ id: 9, status: 'Awaiting confirmation', finishedAt: null })),
      ),
    );
    renderRoute(`/admin/tech/privacy?email=${EMAIL}`);
    const preview = await screen.findByRole('button', { name: 'Preview changes' }, slow);
    expect(preview.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Asked by email' } });
    fireEvent.click(preview);
    expect(await screen.findByText('The erasure would change:')).toBeTruthy();
    expect(screen.getAllByText('Invitees').at(-1)!.closest('tr')!.textContent).toContain('2');
    fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('Waiting for a second staff member', {}, slow)).toBeTruthy();
    await waitFor(() =>
      expect(bodies).toEqual([
        { email: EMAIL, reason: 'Asked by email', dryRun: true },
        { email: EMAIL, reason: 'Asked by email', dryRun: false },
      ]),
    );
  });
});
