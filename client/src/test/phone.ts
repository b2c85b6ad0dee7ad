import { vi } from 'vitest';
import { MOBILE_QUERY } from '../components/list-kit';
import { fakeMediaQueryList } from './media-query';

/**
 * Renders the screens that follow as on a phone: `MOBILE_QUERY` matches (jsdom has no layout). Undo with
 * `vi.restoreAllMocks()`.
 * @example afterEach(() => vi.restoreAllMocks()); it('...', () => { onPhone(); renderRoute('/admin/accounts'); ... });
 */
export function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => fakeMediaQueryList(query, query === MOBILE_QUERY));
}
