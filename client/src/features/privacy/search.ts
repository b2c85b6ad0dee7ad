import type { Lookup } from './api';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The screen's URL state: the lookup (`?email=`, `?phone=` or `?code=`), so a search can be linked to. */
export function privacySearch(search: Record<string, unknown>): Lookup {
  const email = text(search.email);
  const phone = text(search.phone);
  const code = text(search.code);
  return email ? { email } : phone ? { phone } : code ? { code } : {};
}
