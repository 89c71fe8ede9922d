import { Icon } from '../../../components/ui/icon';
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  DayButton,
  DayPicker,
  type DateRange,
  type DayButtonProps,
  type Matcher,
} from 'react-day-picker';
import { enUS, es } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useLocalizationStore } from '../../../stores/localization-store';
import { FieldFrame } from '../components/field-frame';
import { TextInput } from '../components/masked-input';
import {
  describedBy,
  hintIdOf,
  useBlockField,
  type FieldBlockProps,
} from '../hooks/use-block-field';
import { useLocalized } from '../localized-text';
import type { FieldValue } from '../models/form-model';
import {
  calendarDaysBetween,
  dateLimits,
  fromPickerDate,
  MULTIPLE_SEPARATOR,
  openingMonth,
  parseDateList,
  parsePickerDate,
  PICKER_FIRST_MONTH,
  PICKER_LAST_MONTH,
  RANGE_SEPARATOR,
  WEEK_STARTS_ON,
} from '../models/date-picker-options';
import { FORMS_TEXT } from '../forms-text';

export interface DateBlockProps extends FieldBlockProps {
  mode?: 'single' | 'range' | 'multiple';
  /** MM/dd/yyyy days that cannot be chosen. */
  disabledDates?: readonly string[];
  /** Weekdays that cannot be chosen, 0 = Sunday. */
  disabledWeekdays?: readonly number[];
  /** When given, only these MM/dd/yyyy days can be chosen. */
  allowedDates?: readonly string[];
  minDate?: string;
  maxDate?: string;
  /** Range mode: the fewest and most nights a range spans. */
  minRange?: number;
  maxRange?: number;
  /** Multiple mode: the most days that can be chosen. */
  multiDatesLimit?: number;
  /** Range mode: the range keeps the field's current start; only its end can be picked. */
  fixedStart?: boolean;
  /** Range mode: the range keeps the field's current end; only its start can be picked. */
  fixedEnd?: boolean;
  /** A picked day the field refuses (MM/dd/yyyy); the value stays as it was. */
  onInvalidSelect?: (date: string) => void;
  /** A picked day that would move a fixed start or end (MM/dd/yyyy); the value stays as it was. */
  onInvalidFixedRange?: (date: string) => void;
}

type DateMode = NonNullable<DateBlockProps['mode']>;

function checkModeProps(props: DateBlockProps) {
  const mode = props.mode ?? 'single';
  if ((props.minRange !== undefined || props.maxRange !== undefined) && mode !== 'range') {
    throw new Error(
      `minRange and maxRange need mode "range"; the date field "${props.field}" is in mode "${mode}"`,
    );
  }
  if ((props.fixedStart !== undefined || props.fixedEnd !== undefined) && mode !== 'range') {
    throw new Error(
      `fixedStart and fixedEnd need mode "range"; the date field "${props.field}" is in mode "${mode}"`,
    );
  }
  if (props.fixedStart && props.fixedEnd) {
    throw new Error(
      `the date field "${props.field}" has both fixedStart and fixedEnd; fix at most one end of the range`,
    );
  }
  if (props.multiDatesLimit !== undefined && mode !== 'multiple') {
    throw new Error(
      `multiDatesLimit needs mode "multiple"; the date field "${props.field}" is in mode "${mode}"`,
    );
  }
}

const VALUE_SHAPES: Record<DateMode, string> = {
  single: 'one MM/dd/yyyy date',
  range: `a start and an end joined by "${RANGE_SEPARATOR}"`,
  multiple: `dates joined by "${MULTIPLE_SEPARATOR}"`,
};

/**
 * Date fields store text (docs/behaviour.md#dates): a range as "start - end", several dates joined
 * by ";". A value shaped for another mode (a saved, default or prepopulated value) is a
 * configuration error, like a list model given to a multi-date picker.
 */
function checkValueShape(field: string, value: FieldValue, mode: DateMode) {
  if (value === null) return;
  if (typeof value !== 'string') {
    throw new Error(
      `the date field "${field}" holds a ${typeof value} value; mode "${mode}" needs ${VALUE_SHAPES[mode]}`,
    );
  }
  const isRange = value.includes(RANGE_SEPARATOR);
  const isList = value.includes(MULTIPLE_SEPARATOR);
  const fits =
    mode === 'single'
      ? !isRange && !isList
      : mode === 'range'
        ? !isList && value.split(RANGE_SEPARATOR).length <= 2
        : !isRange;
  if (!fits) {
    throw new Error(
      `the date field "${field}" holds "${value}"; mode "${mode}" needs ${VALUE_SHAPES[mode]}`,
    );
  }
}

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

/**
 * A date typed as mm/dd/yyyy or picked from a calendar (react-day-picker): years 1900-2100,
 * weeks from Monday, limits from the field's DateTime range rule, the choice applied at once.
 * The calendar closes when the page scrolls; Escape closes it and returns to the input. A pick
 * the field refuses (an unavailable day, a range too short or too long, a day beyond the
 * multi-date limit, a move of a fixed start or end) leaves the value as it was, marks the field
 * touched and is reported to onInvalidSelect or onInvalidFixedRange.
 */
export function DateBlock(props: DateBlockProps) {
  checkModeProps(props);
  const mode = props.mode ?? 'single';
  const localize = useLocalized();
  const culture = useLocalizationStore((state) => state.activeCulture);
  const field = useBlockField(props, { validateOn: 'commit' });
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  // What the claimant typed or picked may be half done; any other value must fit the mode.
  const written = useRef<FieldValue | undefined>(undefined);
  if (field.value !== written.current) checkValueShape(props.field, field.value, mode);
  const text = typeof field.value === 'string' ? field.value : '';

  const { disabledDates, disabledWeekdays, allowedDates, minDate, maxDate } = props;
  const limits = useMemo(
    () => dateLimits(field.config, new Date(), { minDate, maxDate }),
    [field.config, minDate, maxDate],
  );
  const disabled = useMemo(() => {
    const matchers: Matcher[] = parseDateList(disabledDates, 'a disabled date');
    if (disabledWeekdays?.length) matchers.push({ dayOfWeek: [...disabledWeekdays] });
    if (limits.min) matchers.push({ before: limits.min });
    if (limits.max) matchers.push({ after: limits.max });
    if (allowedDates) {
      const allowed = new Set(parseDateList(allowedDates, 'an allowed date').map(Number));
      matchers.push((date: Date) => !allowed.has(Number(date)));
    }
    return matchers;
  }, [disabledDates, disabledWeekdays, allowedDates, limits]);

  useEffect(() => {
    if (!open) return undefined;
    const close = () => setOpen(false);
    // Escape closes the calendar and returns to the button that opened it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener('scroll', close, { passive: true });
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('scroll', close);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (field.hidden) return null;

  // A picked day is checked at once: a choice the rules refuse marks the field touched and
  // shows why.
  function apply(next: string) {
    written.current = next === '' ? null : next;
    field.change(next);
    field.commit();
  }

  function refuse(day: Date) {
    field.markTouched();
    props.onInvalidSelect?.(fromPickerDate(day));
  }

  function refuseFixed(day: Date) {
    field.markTouched();
    props.onInvalidFixedRange?.(fromPickerDate(day));
  }

  function close(focusInput: boolean) {
    setOpen(false);
    if (focusInput) inputRef.current?.focus();
  }

  const common = {
    locale: culture.startsWith('es') ? es : enUS,
    weekStartsOn: WEEK_STARTS_ON,
    captionLayout: 'dropdown' as const,
    startMonth: limits.min ?? PICKER_FIRST_MONTH,
    endMonth: limits.max ?? PICKER_LAST_MONTH,
    disabled,
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
      close(true);
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
          close(true);
        }}
      />
    );
  }

  const chooseLabel = localize(FORMS_TEXT.chooseDate);
  return (
    <FieldFrame field={field} hint={props.hint}>
      <div className="input-group date-input">
        <TextInput
          id={field.id}
          name={field.key}
          inputRef={inputRef}
          className={`form-control${field.error ? ' is-invalid' : ''}`}
          placeholder={localize(FORMS_TEXT.datePlaceholder)}
          inputMode={mode === 'single' ? 'numeric' : 'text'}
          autoComplete="off"
          value={text}
          maskName={mode === 'single' ? (field.maskName ?? 'date') : undefined}
          disabled={field.disabled}
          aria-required={field.required || undefined}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy(field, props.hint ? hintIdOf(field) : undefined)}
          onValue={(next) => {
            written.current = next === '' ? null : next;
            field.change(next);
          }}
          onBlur={() => field.commit()}
          onKeyDown={(event) => {
            // Enter acts as a submit of the date: validate it and close the calendar.
            if (event.key === 'Enter') {
              event.preventDefault();
              setOpen(false);
              field.commit();
            }
          }}
        />
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-outline-secondary"
          aria-label={`${chooseLabel}, ${field.label}`}
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          disabled={field.disabled}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon icon="chevron-down" aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div
          id={dialogId}
          role="dialog"
          aria-label={`${chooseLabel}, ${field.label}`}
          className="date-picker-popover card shadow mt-1 p-2"
        >
          <RefuseDay.Provider value={refuse}>{picker}</RefuseDay.Provider>
        </div>
      )}
    </FieldFrame>
  );
}
