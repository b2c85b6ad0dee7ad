import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute, slow } from '../test/render';

// A record id that is not a number shows the admin shell's not-found page: no screen asks the API with it
// or crashes the shell.
describe('a detail route with an id that is not a record id', () => {
  const errors = vi.spyOn(console, 'error');
  afterEach(() => errors.mockClear());

  it.each([
    '/admin/logistics/invitations/abc',
    '/admin/logistics/invitations/12x',
    '/admin/logistics/invitations/abc/edit',
    '/admin/learning/quiz/abc',
    '/admin/learning/survey/abc',
    '/admin/learning/assessments/abc',
    '/admin/chapters/0/edit',
    '/admin/tech/email-templates/1e3/edit',
    '/admin/tech/ai-template/abc/edit',
    '/admin/tech/ai-video-template/99999999999/edit',
  ])('%s is not found, inside the shell', async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, slow)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => /TypeError/.test(m))).toEqual([]);
  });
});
