import { DateTime } from 'luxon';
import type { FieldConfig } from '@claims/core/case/field-config';
import { DATE_LIST_SEPARATOR, DATE_RANGE_SEPARATOR } from '@claims/core/case/field-kinds';
import { ENTRY_DATE_FORMAT, parseEntryDate, todayInEntryZone } from '@claims/core/dates/entry-date';

/** docs/behaviour.md#dates: the picker's years run from 1900 to 2100. */
export const PICKER_FIRST_MONTH = new Date(1900, 0, 1);
export const PICKER_LAST_MONTH = new Date(2100, 11, 1);
/** docs/behaviour.md#dates: weeks start on Monday. */
export const WEEK_STARTS_ON = 1 as const;
/** docs/behaviour.md#dates: the range separator and the separator of multiple dates. */
export const RANGE_SEPARATOR = DATE_RANGE_SEPARATOR;
export const MULTIPLE_SEPARATOR = DATE_LIST_SEPARATOR;

/** A calendar day of the entry zone as the local Date the picker shows. */
export function toPickerDate(day: DateTime): Date {
  return new Date(day.year, day.month - 1, day.day);
}

/** The local Date the picker gives, as the MM/dd/yyyy text date fields store. */
export function fromPickerDate(date: Date): string {
  return DateTime.fromObject({
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
  }).toFormat(ENTRY_DATE_FORMAT);
}

/** Whole calendar days from one picker date to another: the nights a range spans. */
export function calendarDaysBetween(from: Date, to: Date): number {
  const day = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((day(to) - day(from)) / 86_400_000);
}

export function parsePickerDate(text: string): Date | null {
  const day = parseEntryDate(text);
  return day ? toPickerDate(day) : null;
}

function requireDate(text: string, what: string): Date {
  const date = parsePickerDate(text);
  if (!date) throw new Error(`${what} "${text}" is not a date; expected ${ENTRY_DATE_FORMAT}`);
  return date;
}

export interface DateLimits {
  min: Date | null;
  max: Date | null;
}

/**
 * The earliest and latest day a field accepts: its DateTime range rule (docs/behaviour.md#dates),
 * narrowed by the block's own limits and, for fields that refuse future dates, by today.
 */
export function dateLimits(
  field: FieldConfig,
  now: Date,
  block: { minDate?: string; maxDate?: string } = {},
): DateLimits {
  const dates: { min: Date[]; max: Date[] } = { min: [], max: [] };
  for (const rule of field.validations) {
    if (rule.type === 'range' && rule.dataType === 'DateTime') {
      dates.min.push(requireDate(String(rule.min), `the range minimum of "${field.key}"`));
      dates.max.push(requireDate(String(rule.max), `the range maximum of "${field.key}"`));
    }
    if (rule.type === 'preventFutureDate' || rule.type === 'preventFutureShortDate') {
      dates.max.push(toPickerDate(todayInEntryZone(now)));
    }
  }
  if (block.minDate) dates.min.push(requireDate(block.minDate, 'minDate'));
  if (block.maxDate) dates.max.push(requireDate(block.maxDate, 'maxDate'));
  const latest = (list: Date[]) => (list.length ? new Date(Math.max(...list.map(Number))) : null);
  const earliest = (list: Date[]) => (list.length ? new Date(Math.min(...list.map(Number))) : null);
  return { min: latest(dates.min), max: earliest(dates.max) };
}

/** The month the calendar opens on: the chosen day, else today kept within the limits. */
export function openingMonth(selected: Date | null, limits: DateLimits, now: Date): Date {
  if (selected) return selected;
  const today = toPickerDate(todayInEntryZone(now));
  if (limits.max && today > limits.max) return limits.max;
  if (limits.min && today < limits.min) return limits.min;
  return today;
}

export function parseDateList(texts: readonly string[] | undefined, what: string): Date[] {
  return (texts ?? []).map((text) => requireDate(text, what));
}
