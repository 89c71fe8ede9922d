import { Icon } from '../../../components/ui/icon';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DayPicker, type DateRange, type Matcher } from 'react-day-picker';
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
import {
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
}

function checkModeProps(props: DateBlockProps) {
  const mode = props.mode ?? 'single';
  if ((props.minRange !== undefined || props.maxRange !== undefined) && mode !== 'range') {
    throw new Error(
      `minRange and maxRange need mode "range"; the date field "${props.field}" is in mode "${mode}"`,
    );
  }
  if (props.multiDatesLimit !== undefined && mode !== 'multiple') {
    throw new Error(
      `multiDatesLimit needs mode "multiple"; the date field "${props.field}" is in mode "${mode}"`,
    );
  }
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
 * The calendar closes when the page scrolls; Escape closes it and returns to the input.
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
    field.change(next);
    field.commit();
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
  };

  let picker;
  if (mode === 'range') {
    const [from, to] = splitDates(text, RANGE_SEPARATOR);
    const selected: DateRange | undefined = from ? { from, to } : undefined;
    picker = (
      <DayPicker
        {...common}
        mode="range"
        min={props.minRange}
        max={props.maxRange}
        selected={selected}
        defaultMonth={openingMonth(from ?? null, limits, new Date())}
        onSelect={(range) => {
          if (!range?.from) return apply('');
          const start = fromPickerDate(range.from);
          // The first click gives a range of one day; the second click ends the range.
          if (!range.to || Number(range.to) === Number(range.from)) return apply(start);
          apply(`${start}${RANGE_SEPARATOR}${fromPickerDate(range.to)}`);
          close(true);
        }}
      />
    );
  } else if (mode === 'multiple') {
    const selected = splitDates(text, MULTIPLE_SEPARATOR);
    picker = (
      <DayPicker
        {...common}
        mode="multiple"
        max={props.multiDatesLimit}
        selected={selected}
        defaultMonth={openingMonth(selected[0] ?? null, limits, new Date())}
        onSelect={(dates) => apply((dates ?? []).map(fromPickerDate).join(MULTIPLE_SEPARATOR))}
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
          onValue={field.change}
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
          {picker}
        </div>
      )}
    </FieldFrame>
  );
}
