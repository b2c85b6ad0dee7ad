import { auditField, auditNameKey, type AuditEntry } from '@app/contract';
import { formatDateTime, formatDay } from '../format';
import { money } from '../money';

const MAX = 80;

type Shown = Pick<AuditEntry, 'changes' | 'detail' | 'names'>;

const cut = (text: string) => (text.length > MAX ? `${text.slice(0, MAX)}…` : text);

/** The currency an entry's amounts are in: its payment's, else US dollars. */
function currencyOf(entry: Shown): string {
  const said = entry.changes?.currency?.new ?? entry.changes?.currency?.old ?? entry.detail?.currency;
  return typeof said === 'string' && said ? said : 'usd';
}

/** An object (an address) as its filled-in values, comma separated; an array as its items. */
function plain(value: unknown): string {
  if (Array.isArray(value)) return value.map(plain).join(', ');
  if (value && typeof value === 'object') {
    return Object.values(value)
      .filter((v) => v !== null && v !== '')
      .map(plain)
      .join(', ');
  }
  return String(value);
}

/**
 * A stored value as the screens show it: 'empty' for none; a day or a time by the shared formatters (times in
 * UTC); cents as money; Yes/No; a referenced record by its name (resolved by the server) else `#id`; objects by
 * their values; long text cut.
 * @example shownValue('amountCents', 9500, entry) // '$95.00'
 */
export function shownValue(key: string, value: unknown, entry: Shown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  const field = auditField(key);
  if (field.ref) return entry.names?.[auditNameKey(field.ref, value)] ?? `#${String(value)}`;
  if (field.kind === 'boolean' && typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field.kind === 'money' && typeof value === 'number') return money(value, currencyOf(entry));
  if (field.kind === 'day' && typeof value === 'string') return formatDay(value);
  if (field.kind === 'time' && typeof value === 'string') return formatDateTime(value);
  return cut(typeof value === 'string' ? value : plain(value));
}

/** A changed column's or a detail key's label: the form's ('Testimonial Name'), else its humanised name. */
export const fieldLabel = (key: string) => auditField(key).label;
