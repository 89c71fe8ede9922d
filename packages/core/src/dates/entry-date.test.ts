import fc from 'fast-check';
import { DateTime, Settings } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  ENTRY_ZONE,
  expandTwoDigitYear,
  formatEntryDate,
  parseDateInFormats,
  parseEntryDate,
  todayInEntryZone,
  toEntryDay,
} from './entry-date';

function ymd(date: DateTime | null) {
  return date && { year: date.year, month: date.month, day: date.day };
}

describe('parseEntryDate', () => {
  it('parses M/d/yyyy with one-digit month and day', () => {
    expect(ymd(parseEntryDate('3/7/2025'))).toEqual({ year: 2025, month: 3, day: 7 });
  });

  it('parses MM/dd/yyyy', () => {
    expect(ymd(parseEntryDate('03/07/2025'))).toEqual({ year: 2025, month: 3, day: 7 });
  });

  it('returns the start of the day in America/Los_Angeles', () => {
    const date = parseEntryDate('1/15/2024');
    expect(date?.zoneName).toBe(ENTRY_ZONE);
    expect(date?.toISO()).toBe('2024-01-15T00:00:00.000-08:00');
  });

  it('uses daylight saving time offsets in summer', () => {
    expect(parseEntryDate('7/4/2024')?.toISO()).toBe('2024-07-04T00:00:00.000-07:00');
  });

  it('reads two-digit years up to 60 as 20xx', () => {
    expect([parseEntryDate('1/2/00')?.year, parseEntryDate('1/2/60')?.year]).toEqual([2000, 2060]);
  });

  it('reads two-digit years after 60 as 19xx', () => {
    expect([parseEntryDate('1/2/61')?.year, parseEntryDate('1/2/99')?.year]).toEqual([1961, 1999]);
  });

  it('ignores blanks around the date', () => {
    expect(ymd(parseEntryDate(' 2/29/2024 '))).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it.each([
    ['31 February', '2/31/2024'],
    ['29 February of a common year', '2/29/2023'],
    ['month 13', '13/1/2024'],
    ['day 0', '1/0/2024'],
    ['letters', 'Jan/1/2024'],
    ['empty text', ''],
    ['a three-digit year', '1/2/202'],
    ['a three-digit month', '001/2/2024'],
    ['dashes', '1-2-2024'],
    ['an ISO date', '2024-01-02'],
    ['trailing text', '1/2/2024x'],
  ])('refuses %s', (_name, text) => {
    expect(parseEntryDate(text)).toBeNull();
  });

  it('parses back any valid day written as M/d/yyyy or MM/dd/yyyy', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.boolean(),
        (instant, padded) => {
          const day = DateTime.fromJSDate(instant, { zone: 'utc' });
          const text = day.toFormat(padded ? 'MM/dd/yyyy' : 'M/d/yyyy');
          expect(ymd(parseEntryDate(text))).toEqual(ymd(day));
        },
      ),
    );
  });

  it('applies the cutoff 60 to every two-digit year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (twoDigits) => {
        const text = `6/15/${String(twoDigits).padStart(2, '0')}`;
        expect(parseEntryDate(text)?.year).toBe(
          twoDigits <= 60 ? 2000 + twoDigits : 1900 + twoDigits,
        );
      }),
    );
  });

  it('never throws and returns only valid dates for any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const date = parseEntryDate(text);
        expect(date === null || date.isValid).toBe(true);
      }),
    );
  });
});

describe('expandTwoDigitYear', () => {
  it('puts 0 in 2000 and 99 in 1999', () => {
    expect([expandTwoDigitYear(0), expandTwoDigitYear(99)]).toEqual([2000, 1999]);
  });

  it('puts 60 in 2060 and 61 in 1961, as Luxon does with a cutoff of 60', () => {
    expect([expandTwoDigitYear(60), expandTwoDigitYear(61)]).toEqual([2060, 1961]);
  });
});

describe('parseDateInFormats', () => {
  it('parses with the first format that accepts the text', () => {
    expect(ymd(parseDateInFormats('2024-03-07', ['MM/dd/yyyy', 'yyyy-MM-dd']))).toEqual({
      year: 2024,
      month: 3,
      day: 7,
    });
  });

  it('returns null when no format accepts the text', () => {
    expect(parseDateInFormats('03/07/2024', ['yyyy-MM-dd'])).toBeNull();
  });

  it('refuses a day that does not exist', () => {
    expect(parseDateInFormats('02/30/2024', ['MM/dd/yyyy'])).toBeNull();
  });

  it('interprets the date in America/Los_Angeles', () => {
    expect(parseDateInFormats('03/07/2024', ['MM/dd/yyyy'])?.zoneName).toBe(ENTRY_ZONE);
  });

  it('reads a two-digit year of 60 as 2060, like parseEntryDate', () => {
    expect(parseDateInFormats('01/02/60', ['MM/dd/yy'])?.year).toBe(2060);
  });

  it('reads a two-digit year of 61 as 1961, like parseEntryDate', () => {
    expect(parseDateInFormats('01/02/61', ['MM/dd/yy'])?.year).toBe(1961);
  });

  it('agrees with parseEntryDate on every two-digit year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (twoDigits) => {
        const yy = String(twoDigits).padStart(2, '0');
        expect(parseDateInFormats(`06/15/${yy}`, ['MM/dd/yy'])?.year).toBe(
          parseEntryDate(`6/15/${yy}`)?.year,
        );
      }),
    );
  });

  it('leaves the global two-digit cutoff of Luxon as it was', () => {
    const before = Settings.twoDigitCutoffYear;
    Settings.twoDigitCutoffYear = 10;
    try {
      parseDateInFormats('01/02/45', ['MM/dd/yy']);
      expect(Settings.twoDigitCutoffYear).toBe(10);
    } finally {
      Settings.twoDigitCutoffYear = before;
    }
  });
});

describe('todayInEntryZone', () => {
  it('is the Los Angeles day even when it is already tomorrow in UTC', () => {
    const today = todayInEntryZone(new Date('2024-06-16T05:00:00Z'));
    expect(today.toISO()).toBe('2024-06-15T00:00:00.000-07:00');
  });
});

describe('formatEntryDate', () => {
  it('writes the day as MM/dd/yyyy', () => {
    expect(formatEntryDate(parseEntryDate('3/7/2025') as DateTime)).toBe('03/07/2025');
  });

  it('keeps the calendar day of a date in another zone', () => {
    const pickedInNewYork = DateTime.fromISO('2025-03-07T00:00', { zone: 'America/New_York' });
    expect(formatEntryDate(pickedInNewYork)).toBe('03/07/2025');
  });
});

describe('toEntryDay', () => {
  it('gives a DateTime as its day in Los Angeles', () => {
    const utcMorning = DateTime.fromISO('2024-03-02T03:00:00Z', { zone: 'utc' });
    expect(toEntryDay(utcMorning)?.toISODate()).toBe('2024-03-01');
  });

  it('gives null for an invalid DateTime', () => {
    expect(toEntryDay(DateTime.invalid('broken'))).toBeNull();
  });

  it('gives null for a number', () => {
    expect(toEntryDay(20240301)).toBeNull();
  });
});
