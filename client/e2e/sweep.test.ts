import { describe, expect, it } from 'vitest';
import { sweepVisits } from './sweep/routes.js';
import { sweepScreens } from './sweep/suite.js';

/** The screen sweep (sweep/suite.ts) as staff holding ROLE_ADMIN, and signed out; sweep-roles.test.ts the other roles. */
describe('screen sweep', () => {
  it('reads every route of the route tree, with side panel states where a route has one', () => {
    const all = sweepVisits();
    for (const route of ['/login', '/admin', '/admin/institutions', '/admin/chapters/$chapterId/edit', '/member']) {
      expect(all.map((v) => v.route)).toContain(route);
    }
    expect(all.some((v) => v.route === '/admin/institutions' && v.panel?.key === 'edit' && v.panel.on === 'new')).toBe(
      true,
    );
    expect(all.some((v) => v.route === '/admin/institutions' && v.panel?.on === 'first')).toBe(true);
    expect(all.some((v) => v.route === '/admin/chapters' && v.panel)).toBe(false);
  });

  sweepScreens(['admin']);
});
