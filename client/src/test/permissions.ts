import { http, HttpResponse } from 'msw';
import { mockServer } from '../mocks/node';
import { mockAccount } from '../mocks/fixtures';

/** Signs the mock account in with exactly these permissions (an auditor's `['<area>:read']`, ...). */
export function signInWith(permissions: string[]) {
  mockServer.use(http.get('/api/public/account', () => HttpResponse.json({ ...mockAccount, permissions })));
}

/** Whether a field takes no edit: disabled itself, or inside a disabled fieldset (a read-only account's form). */
export const isLocked = (field: HTMLElement) =>
  (field as HTMLInputElement).disabled || !!field.closest('fieldset')?.disabled;
