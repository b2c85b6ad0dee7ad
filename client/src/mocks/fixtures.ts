import { HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract, permissionOf, type CurrentAccount } from '@app/contract';

export type Fixture = HttpResponseResolver<PathParams, DefaultBodyType, DefaultBodyType>;

function permissionsOf(node: AppRouter | AppRoute): string[] {
  if (!isAppRoute(node)) return Object.values(node).flatMap(permissionsOf);
  const permission = permissionOf(node);
  return permission && permission !== 'self' ? [permission] : [];
}

/** Every permission of the contract (what ROLE_ADMIN holds), sorted. */
export const ALL_PERMISSIONS = [...new Set(permissionsOf(contract))].sort();

export const mockAccount: CurrentAccount = {
  id: 1,
  firstName: 'Ada',
  lastName: 'Admin',
  fullName: 'Ada Admin',
  email: 'ada@example.edu',
  avatarUrl: null,
  admin: true,
  roles: ['ROLE_USER', 'ROLE_ADMIN'],
  permissions: ALL_PERMISSIONS,
  chapterIds: [],
  mustSetUpTwoFactor: false,
};

/** Hand-written answers where a schema sample would not do. Keyed by contract route key. */
export const fixtures: Record<string, Fixture> = {
  'auth.login': () => HttpResponse.json({ account: mockAccount }),
  'auth.currentAccount': () => HttpResponse.json(mockAccount),
};
