import { Icon } from '../../../components/ui/icon';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Matcher } from 'react-day-picker';
import { lazyComponent } from '../../../components/ui/lazy-component';
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
  dateLimits,
  fromPickerDate,
  MULTIPLE_SEPARATOR,
  parseDateList,
  RANGE_SEPARATOR,
} from '../models/date-picker-options';
import { FORMS_TEXT } from '../forms-text';

// The calendar (react-day-picker and its date library) loads when a claimant first points at or
// focuses a calendar button, or opens a calendar, rather than with the page: most claimants
// type their dates.
const DatePickerCalendar = lazyComponent(
  async () => (await import('./date-picker-calendar')).DatePickerCalendar,
);

/** How long the page must stand still after the calendar opens before a scroll closes it. */
const SCROLL_SETTLE_MS = 150;

function loadCalendar() {
  DatePickerCalendar.preload().catch(() => {
    // Opening the calendar tries again and reports a failure there.
  });
}

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
    // The page scrolling closes the calendar (docs/behaviour.md#20-dates-and-the-date-picker),
    // once the page has stood still after it opened: a scroll already under way (the smooth
    // scroll that brought the button into view when Tab reached it, or the one that brings the
    // calendar's day into view) is the page's own, not the claimant's.
    let settled: { x: number; y: number } | null = null;
    let settling = window.setTimeout(settle, SCROLL_SETTLE_MS);
    function settle() {
      settled = { x: window.scrollX, y: window.scrollY };
    }
    const close = () => {
      if (settled === null) {
        window.clearTimeout(settling);
        settling = window.setTimeout(settle, SCROLL_SETTLE_MS);
        return;
      }
      if (window.scrollX === settled.x && window.scrollY === settled.y) return;
      setOpen(false);
    };
    // Escape closes the calendar and returns to the button that opened it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener('scroll', close, { passive: true });
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(settling);
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
          onPointerEnter={loadCalendar}
          onFocus={loadCalendar}
          onClick={() => {
            if (open) return setOpen(false);
            // Opened once its code is there, so the keys pressed next reach the calendar's days
            // rather than this button; a failed load opens it all the same, to report it.
            // flushSync renders it and runs its effects (the calendar's focus on its day) at
            // once, as a click's own update would, so no key lands on this button meanwhile.
            const show = () => flushSync(() => setOpen(true));
            DatePickerCalendar.preload().then(show, show);
          }}
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
          <DatePickerCalendar
            mode={mode}
            text={text}
            culture={culture}
            limits={limits}
            disabled={disabled}
            minRange={props.minRange}
            maxRange={props.maxRange}
            multiDatesLimit={props.multiDatesLimit}
            fixedStart={props.fixedStart}
            fixedEnd={props.fixedEnd}
            apply={apply}
            refuse={refuse}
            refuseFixed={refuseFixed}
            close={() => close(true)}
          />
        </div>
      )}
    </FieldFrame>
  );
}
