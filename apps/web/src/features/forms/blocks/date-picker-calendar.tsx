import { createContext, useContext } from 'react';
import {
  DayButton,
  DayPicker,
  type DateRange,
  type DayButtonProps,
  type Matcher,
} from 'react-day-picker';
import { enUS, es } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import {
  calendarDaysBetween,
  fromPickerDate,
  MULTIPLE_SEPARATOR,
  openingMonth,
  parsePickerDate,
  PICKER_FIRST_MONTH,
  PICKER_LAST_MONTH,
  RANGE_SEPARATOR,
  WEEK_STARTS_ON,
  type DateLimits,
} from '../models/date-picker-options';

/** Refuses a pick on a day the calendar shows as unavailable. */
const RefuseDay = createContext<(day: Date) => void>(() => undefined);

/**
 * react-day-picker gives an unavailable day a disabled button, which swallows the click. Here the
 * day stays clickable but is announced as unavailable (aria-disabled), so picking it can be
 * refused and reported (docs/behaviour.md#configuration-errors: invalid-select).
 */
function PickerDayButton(props: DayButtonProps) {
  const refuse = useContext(RefuseDay);
  if (!props.modifiers.disabled) return <DayButton {...props} />;
  return (
    <DayButton
      {...props}
      disabled={false}
      aria-disabled
      onClick={(event) => {
        props.onClick?.(event);
        refuse(props.day.date);
      }}
    />
  );
}

function splitDates(text: string, separator: string): Date[] {
  return text
    .split(separator)
    .map((part) => parsePickerDate(part))
    .filter((date): date is Date => date !== null);
}

export interface DatePickerCalendarProps {
  mode: 'single' | 'range' | 'multiple';
  /** The field's text: one date, "start - end" or dates joined by ";". */
  text: string;
  culture: string;
  limits: DateLimits;
  disabled: Matcher[];
  minRange?: number;
  maxRange?: number;
  multiDatesLimit?: number;
  fixedStart?: boolean;
  fixedEnd?: boolean;
  /** Sets and checks the field's value. */
  apply(next: string): void;
  /** A pick the field refuses: an unavailable day, a range too short or too long, too many days. */
  refuse(day: Date): void;
  /** A pick that would move a fixed start or end of the range. */
  refuseFixed(day: Date): void;
  /** Closes the calendar, moving the focus back to the input. */
  close(): void;
}

/**
 * The calendar of a date field (react-day-picker), in its own chunk: it loads when a claimant
 * opens a calendar (or points at its button), not with every page that has a date field.
 */
export function DatePickerCalendar(props: DatePickerCalendarProps) {
  const { mode, text, limits, apply, refuse, refuseFixed, close } = props;
  const common = {
    locale: props.culture.startsWith('es') ? es : enUS,
    weekStartsOn: WEEK_STARTS_ON,
    captionLayout: 'dropdown' as const,
    startMonth: limits.min ?? PICKER_FIRST_MONTH,
    endMonth: limits.max ?? PICKER_LAST_MONTH,
    disabled: props.disabled,
    autoFocus: true,
    components: { DayButton: PickerDayButton },
  };

  let picker;
  if (mode === 'range') {
    const [from, to] = splitDates(text, RANGE_SEPARATOR);
    const selected: DateRange | undefined = from ? { from, to } : undefined;
    const pickRangeDay = (picked: DateRange | undefined, day: Date) => {
      let range = picked;
      if (props.fixedStart && from) {
        const nights = calendarDaysBetween(from, day);
        if (nights < 0) return refuseFixed(day);
        if (nights === 0) return refuse(day);
        range = { from, to: day };
      } else if (props.fixedEnd && from && to) {
        const nights = calendarDaysBetween(day, to);
        if (nights < 0) return refuseFixed(day);
        if (nights === 0) return refuse(day);
        range = { from: day, to };
      }
      if (!range?.from) return apply('');
      const start = fromPickerDate(range.from);
      const nights = range.to ? calendarDaysBetween(range.from, range.to) : 0;
      // The first click gives a range of one day; the second click ends the range.
      if (!range.to || nights === 0) return apply(start);
      if (nights < (props.minRange ?? 0) || nights > (props.maxRange ?? Infinity)) {
        return refuse(day);
      }
      apply(`${start}${RANGE_SEPARATOR}${fromPickerDate(range.to)}`);
      close();
    };
    picker = (
      <DayPicker
        {...common}
        mode="range"
        selected={selected}
        defaultMonth={openingMonth(from ?? null, limits, new Date())}
        onSelect={pickRangeDay}
      />
    );
  } else if (mode === 'multiple') {
    const selected = splitDates(text, MULTIPLE_SEPARATOR);
    picker = (
      <DayPicker
        {...common}
        mode="multiple"
        selected={selected}
        defaultMonth={openingMonth(selected[0] ?? null, limits, new Date())}
        onSelect={(dates, day) => {
          const next = dates ?? [];
          if (next.length > (props.multiDatesLimit ?? Infinity)) return refuse(day);
          apply(next.map(fromPickerDate).join(MULTIPLE_SEPARATOR));
        }}
      />
    );
  } else {
    const selected = parsePickerDate(text) ?? undefined;
    picker = (
      <DayPicker
        {...common}
        mode="single"
        selected={selected}
        defaultMonth={openingMonth(selected ?? null, limits, new Date())}
        onSelect={(date) => {
          apply(date ? fromPickerDate(date) : '');
          close();
        }}
      />
    );
  }
  return <RefuseDay.Provider value={refuse}>{picker}</RefuseDay.Provider>;
}
