/** Cents as money in the given currency: 9500, 'usd' -> '$95.00'. */
export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
