import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import { emptyAddress, type SocietySettings } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';
import { isLocked, signInWith } from '../../test/permissions';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const slow = { timeout: 20_000 };
const PEM =
  '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAq1b2Yh0bXJ8c3o4KfQ0m3Dk7xV2Zs0pQ8u9k1Hq4NxU=\n-----END PUBLIC KEY-----\n';
const settings: SocietySettings = {
  name: 'Alpha Honor Society',
  address: {
    ...emptyAddress,
    street1: '1 Honor Way',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    country: 'US',
  },
  logo: null,
  issuerKey: {
    kid: 'https://members.example.org/issuer/key-1',
    jwk: { kty: 'OKP', crv: 'Ed25519', x: 'q1b2' },
    pem: PEM,
  },
  issuerKeys: [
    {
      name: 'key-1',
      kid: 'https://members.example.org/issuer/key-1',
      createdAt: '2026-03-01T10:00:00.000Z',
      current: true,
      withdrawnAt: null,
      liveBadges: 3,
    },
  ],
  updatedAt: '2026-11-29T10:00:00.000Z',
};

describe('/admin/tech/settings', () => {
  it('shows the settings and the issuer public key, and saves name and address', async () => {
    const saved: unknown[] = [];
    mockServer.use(
      http.get('/api/admin/tech/settings', () => HttpResponse.json(settings)),
      http.put('/api/admin/tech/settings', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        saved.push(body);
        return HttpResponse.json({ ...settings, name: body.name });
      }),
    );
    renderRoute('/admin/tech/settings');
    const name = await screen.findByDisplayValue('Alpha Honor Society', {}, slow);
    expect(screen.getByRole('heading', { name: 'Society Settings' })).toBeTruthy();
    expect(screen.getByDisplayValue('Springfield')).toBeTruthy();
    expect(screen.getByTestId('issuer-public-key').textContent).toContain('BEGIN PUBLIC KEY');
    expect(screen.getByText('https://members.example.org/issuer/key-1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the public key' })).toBeTruthy();
    expect(document.querySelector('.mantine-Dropzone-root')?.hasAttribute('data-disabled')).toBe(false);
    fireEvent.change(name, { target: { value: 'Beta Honor Society' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    expect(saved[0]).toMatchObject({ name: 'Beta Honor Society', logoId: null, address: { city: 'Springfield' } });
    expect(await screen.findByText('Society settings saved.', {}, slow)).toBeTruthy();
  }, 60_000);

  it('refuses an empty name before asking the server', async () => {
    let puts = 0;
    mockServer.use(
      http.get('/api/admin/tech/settings', () => HttpResponse.json({ ...settings, issuerKey: null, issuerKeys: [] })),
      http.put('/api/admin/tech/settings', () => {
        puts++;
        return HttpResponse.json(settings);
      }),
    );
    renderRoute('/admin/tech/settings');
    const name = await screen.findByDisplayValue('Alpha Honor Society', {}, slow);
    expect(screen.getByText('No key yet: it is generated when the first badge is issued.')).toBeTruthy();
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required', {}, slow)).toBeTruthy();
    expect(puts).toBe(0);
    expect(screen.queryByRole('button', { name: 'Rotate issuer key' })).toBeNull();
  }, 60_000);

  it('lists the keys and rotates after a confirm, revoking the badges of a leaked key', async () => {
    const rotations: unknown[] = [];
    const rotated: SocietySettings['issuerKeys'] = [
      { ...settings.issuerKeys[0]!, current: false, withdrawnAt: '2026-11-29T12:00:00.000Z', liveBadges: 0 },
      { ...settings.issuerKeys[0]!, name: 'key-2', kid: 'https://members.example.org/issuer/key-2', liveBadges: 3 },
    ];
    mockServer.use(
      http.get('/api/admin/tech/settings', () =>
        HttpResponse.json(rotations.length ? { ...settings, issuerKeys: rotated } : settings),
      ),
      http.post('/api/admin/tech/settings/issuer-key/rotate', async ({ request }) => {
        rotations.push(await request.json());
        return HttpResponse.json({ key: 'key-2', previous: 'key-1', revoked: 3, reissued: 3 });
      }),
    );
    renderRoute('/admin/tech/settings');
    const table = await screen.findByRole('table', { name: 'Issuer keys' }, slow);
    expect(table.textContent).toContain('key-1');
    expect(table.textContent).toContain('Mar 1, 2026');
    expect(table.textContent).toContain('Current');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate issuer key' }));
    const leaked = await screen.findByLabelText('The old key leaked: revoke its badges (3 badges)', {}, slow);
    fireEvent.click(leaked);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate issuer key' }));
    await waitFor(() => expect(rotations).toEqual([{ leaked: true }]), slow);
    expect(
      await screen.findByText(
        'Issuer key rotated: key-2 signs new badges. 3 badges signed by key-1 were revoked and 3 reissued.',
        {},
        slow,
      ),
    ).toBeTruthy();
    expect((await screen.findByText('Withdrawn', {}, slow)).closest('[title]')?.getAttribute('title')).toBe(
      'Withdrawn Nov 29, 2026: it leaked',
    );
  }, 60_000);
});

describe('an account that may only read the settings', () => {
  it('sees them read-only: fields disabled, no Save, no drop zone, no Rotate', async () => {
    signInWith(['settings:read']);
    mockServer.use(http.get('/api/admin/tech/settings', () => HttpResponse.json(settings)));
    renderRoute('/admin/tech/settings');
    const name = await screen.findByDisplayValue('Alpha Honor Society', {}, slow);
    expect(isLocked(name)).toBe(true);
    expect(document.querySelector('.mantine-Dropzone-root')).toBeNull(); // no drop zone at all (25a8932)
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByTestId('issuer-public-key').textContent).toContain('BEGIN PUBLIC KEY');
    expect(screen.getByRole('table', { name: 'Issuer keys' }).textContent).toContain('key-1');
    expect(screen.queryByRole('button', { name: 'Rotate issuer key' })).toBeNull();
  }, 60_000);
});
