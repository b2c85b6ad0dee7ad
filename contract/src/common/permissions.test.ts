import { describe, expect, it } from 'vitest';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract } from '../router.js';
import { PERMISSION_SELF } from './access.js';
import { forbiddenMessage, PERMISSION_PATTERN, permissionOf, splitPermission } from './permissions.js';

/** Every route of the contract with the router key (area) it sits under. */
function routes(): { area: string; route: AppRoute }[] {
  const found: { area: string; route: AppRoute }[] = [];
  for (const [area, router] of Object.entries(contract as unknown as Record<string, AppRouter>)) {
    const walk = (node: AppRouter | AppRoute) =>
      isAppRoute(node) ? found.push({ area, route: node }) : Object.values(node).forEach(walk);
    walk(router);
  }
  return found;
}

describe('permissions declared in the contract (fail-closed)', () => {
  const all = routes();
  const admin = all.filter(({ route }) => (route.metadata as { access?: string }).access === 'admin');

  it('every /api/admin route is an admin route', () => {
    const open = all.filter(
      ({ route }) => route.path.startsWith('/api/admin/') && !admin.some((a) => a.route === route),
    );
    expect(open.map(({ route }) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('every admin route carries a valid permission of an existing area, or self for the own profile', () => {
    const areas = new Set(Object.keys(contract));
    const bad = admin.filter(({ route }) => {
      const permission = (route.metadata as { permission?: string }).permission;
      if (permission !== permissionOf(route)) return true;
      if (permission === PERMISSION_SELF) return !route.path.startsWith('/api/admin/profile/');
      const parts = permission ? splitPermission(permission) : undefined;
      return !parts || !areas.has(parts.area);
    });
    expect(bad.map(({ route }) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('the own-profile calls are self and nothing else is', () => {
    const self = admin.filter(({ route }) => permissionOf(route) === PERMISSION_SELF).map(({ route }) => route.path);
    expect(self.length).toBeGreaterThan(0);
    expect(self.every((path) => path.startsWith('/api/admin/profile/'))).toBe(true);
  });

  it('an area route needs its own area, by kind: GET reads, CSV exports, the rest writes', () => {
    const get = (area: string, name: string) =>
      permissionOf((contract as unknown as Record<string, Record<string, AppRoute>>)[area]![name]!);
    expect(get('accounts', 'members')).toBe('accounts:read');
    expect(get('accounts', 'exportMembers')).toBe('accounts:export');
    expect(get('imports', 'rejected')).toBe('imports:export');
    expect(get('invitees', 'exportOfInvitation')).toBe('invitees:export');
    expect(get('roles', 'create')).toBe('roles:write');
    expect(get('auditLog', 'list')).toBe('auditLog:read');
    expect(get('twoFactor', 'reset')).toBe('roles:write');
    expect(get('twoFactor', 'setup')).toBe(PERMISSION_SELF);
    expect(permissionOf(contract.health.health)).toBeUndefined();
  });

  it('a refusal is worded', () => {
    expect(forbiddenMessage('accounts:export')).toBe('You do not have permission to export accounts');
    expect(forbiddenMessage('auditLog:read')).toBe('You do not have permission to see audit log');
    expect(forbiddenMessage('apiKeys:write')).toBe('You do not have permission to change API keys');
    expect(PERMISSION_PATTERN.test('invitees:export')).toBe(true);
    expect(PERMISSION_PATTERN.test('invitees:delete')).toBe(false);
  });
});
