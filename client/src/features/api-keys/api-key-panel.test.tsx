import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_KEY_SAVED, type ApiKey, type CreatedApiKey, type ApiKeyScopeArea } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { UNCOPIED_KEY } from './api-key-panel';

const KEY: ApiKey = {
  id: 4,
  name: 'Join site',
  prefix: 'hsk_ab12',
  scopes: ['invitees:write'],
  chapterIds: [],
  createdAt: '2026-11-02T09:00:00.000Z',
  createdBy: 'Ada Admin',
  lastUsedAt: '2026-11-28T14:07:00.000Z',
  revokedAt: null,
};
const CREATED: CreatedApiKey = { ...KEY, lastUsedAt: null, key: 'hsk_ab12.secret-part-shown-once' };
const AREAS: ApiKeyScopeArea[] = [
  {
    area: 'invitees',
    label: 'Invitees',
    read: { scope: 'invitees:read', calls: ['GET x'] },
    write: null,
    export: null,
  },
];

function serve() {
  mockServer.use(
    http.get('/api/admin/tech/api-keys/scopes', () => HttpResponse.json({ items: AREAS })),
    http.post('/api/admin/tech/api-keys', () => HttpResponse.json(CREATED, { status: 201 })),
    http.get('/api/admin/tech/api-keys/4', () => HttpResponse.json(KEY)),
  );
}

async function createKey() {
  serve();
  renderRoute('/admin/tech/api-keys?edit=new');
  const drawer = await screen.findByRole('dialog', { name: 'Add API Key' }, slow);
  fireEvent.change(within(drawer).getByLabelText(/Name/), { target: { value: 'Join site' } });
  fireEvent.click(await within(drawer).findByRole('checkbox', { name: 'Invitees: read' }));
  fireEvent.click(within(drawer).getByRole('button', { name: 'Create Key' }));
  return screen.findByRole('dialog', { name: 'New API Key' }, slow);
}

describe('the API key panel', () => {
  it('asks before Escape closes a new key that was not copied, says it was created in the panel, not in a toast', async () => {
    const drawer = await createKey();
    expect(within(drawer).getByText(CREATED.key)).toBeTruthy();
    expect(within(drawer).getByText(API_KEY_SAVED)).toBeTruthy();
    expect(screen.getAllByText(API_KEY_SAVED)).toHaveLength(1);

    fireEvent.keyDown(within(drawer).getByRole('button', { name: 'Copy Key' }), { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: UNCOPIED_KEY.title });
    fireEvent.click(within(ask).getByRole('button', { name: UNCOPIED_KEY.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: UNCOPIED_KEY.title })).toBeNull());
    expect(screen.getByText(CREATED.key)).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Done' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: UNCOPIED_KEY.title })).getByRole('button', {
        name: UNCOPIED_KEY.confirm,
      }),
    );
    await waitFor(() => expect(screen.queryByText(CREATED.key)).toBeNull());
  });

  it('closes at once once the key was copied', async () => {
    const drawer = await createKey();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Copy Key' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(CREATED.key)).toBeNull());
    expect(screen.queryByRole('dialog', { name: UNCOPIED_KEY.title })).toBeNull();
  });

  it('shows when a key was last used to the minute', async () => {
    serve();
    renderRoute('/admin/tech/api-keys?edit=4');
    const drawer = await screen.findByRole('dialog', { name: 'API Key' }, slow);
    expect(await within(drawer).findByText('Nov 28, 2026, 14:07 UTC')).toBeTruthy();
  });
});
