import { DateTime } from 'luxon';

/** "Feb 20, 2027, 9:30 AM PST": an instant as the administrator reads it, in the case's zone. */
export function formatInstant(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toLocaleString(
    { ...DateTime.DATETIME_MED, timeZoneName: 'short' },
    { locale: 'en-US' },
  );
}

/** "March 31, 2027": the day an instant falls on in the case's zone. */
export function formatDay(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toLocaleString(DateTime.DATE_FULL, { locale: 'en-US' });
}

const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** "47.1 KB": a size in bytes in the largest unit that keeps it at 1 or more. */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${SIZE_UNITS[unit]}`;
}
