// Numbers and dates in the reader's own locale (the browser's languages).
// On the server there is no reader: fall back to the runtime default.

function locale(): string | undefined {
  if (typeof navigator !== 'undefined' && navigator.language) return navigator.language;
  return undefined;
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale(), options).format(value);
}

export function formatPercent(value: number, fractionDigits = 1): string {
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: fractionDigits }).format(value / 100);
}

/** A calendar day; plain YYYY-MM-DD strings are read as that day, not as UTC midnight shifted. */
export function formatDate(value: string | Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(locale(), options).format(date);
}

export function formatDateTime(value: string | Date): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}
