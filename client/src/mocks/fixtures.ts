import { HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import type { CurrentAccount } from '@app/contract';

export type Fixture = HttpResponseResolver<PathParams, DefaultBodyType, DefaultBodyType>;

export const mockAccount: CurrentAccount = {
  id: 1,
  firstName: 'Ada',
  lastName: 'Admin',
  fullName: 'Ada Admin',
  email: 'ada@example.edu',
  avatarUrl: null,
  admin: true,
  roles: ['ROLE_USER', 'ROLE_ADMIN'],
  permissions: [],
  chapterIds: [],
  mustSetUpTwoFactor: false,
};

/** Hand-written answers where a schema sample would not do. Keyed by contract route key. */
export const fixtures: Record<string, Fixture> = {
  'auth.login': () => HttpResponse.json({ account: mockAccount }),
  'auth.currentAccount': () => HttpResponse.json(mockAccount),
};
