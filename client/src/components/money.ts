/** Cents as money in the given currency: 9500, 'usd' -> '$95.00'; a code Intl does not know reads '95.00 XYZ' instead of failing the page. */
export function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
