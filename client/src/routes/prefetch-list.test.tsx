import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockServer } from '../mocks/node';
import { ALL_PERMISSIONS } from '../mocks/fixtures';
import { renderRoute } from '../test/render';
import { signInWith } from '../test/permissions';

describe('a list route asks for its page before the screen renders', () => {
  const lists: string[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/admin/institutions' || url.pathname === '/api/admin/logistics/invitations')
      lists.push(url.pathname + url.search);
  };
  beforeEach(() => {
    lists.splice(0);
    signInWith(ALL_PERMISSIONS);
    mockServer.events.on('request:start', record);
  });
  afterEach(() => mockServer.events.removeListener('request:start', record));

  it('once: the screen shows the answer its route asked for, under the same query', async () => {
    renderRoute('/admin/institutions?page=2&sort=name:desc');
    await screen.findByRole('heading', { name: 'Institutions' });
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(lists).toHaveLength(1);
    const query = new URL(lists[0]!, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ page: '2', pageSize: '10', sort: 'name:desc' });
  });

  it('from the route itself: preloading the route (a hovered link) asks for the page without showing it', async () => {
    const { router } = renderRoute('/admin/profile');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(lists).toEqual([]);
    await router.preloadRoute({ to: '/admin/institutions', search: { page: 3 } as never });
    await waitFor(() => expect(lists).toHaveLength(1));
    expect(new URL(lists[0]!, 'http://x').searchParams.get('page')).toBe('3');
    expect(router.state.location.pathname).toBe('/admin/profile');
  });

  it('also for a list whose screen polls (its own useList options, the same key)', async () => {
    renderRoute('/admin/logistics/invitations');
    await screen.findByRole('heading', { name: 'Invitations' });
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(lists.filter((l) => l.startsWith('/api/admin/logistics/invitations'))).toHaveLength(1);
  });
});
