import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  deadlineLocalizationKey,
  deadlineLocalizationKeys,
  formatDeadline,
} from './deadline-format';
import type { DeadlineSettings } from './deadlines';

// 11:59:59.999 PM on Monday 15 March 2027 in Los Angeles (daylight time).
const END_OF_DAY = '2027-03-16T06:59:59.999Z';
const LOS_ANGELES = 'America/Los_Angeles';

describe('formatDeadline', () => {
  it('writes the short form as MM/dd/yyyy', () => {
    expect(formatDeadline(END_OF_DAY, 'Short', 'en', LOS_ANGELES)).toBe('03/15/2027');
  });

  it('writes the short form as MM/dd/yyyy in Spanish too', () => {
    expect(formatDeadline(END_OF_DAY, 'Short', 'es', LOS_ANGELES)).toBe('03/15/2027');
  });

  it('writes the long date in English', () => {
    expect(formatDeadline(END_OF_DAY, 'Long', 'en', LOS_ANGELES)).toBe('March 15, 2027');
  });

  it('writes the long date in Spanish', () => {
    expect(formatDeadline(END_OF_DAY, 'Long', 'es', LOS_ANGELES)).toBe('15 de marzo de 2027');
  });

  it('writes the weekday, long date, time and zone in English', () => {
    expect(formatDeadline(END_OF_DAY, 'WeekdayLong', 'en', LOS_ANGELES)).toBe(
      'Monday, March 15, 2027 11:59 PM PDT',
    );
  });

  it('writes the weekday, long date, time and zone in Spanish', () => {
    expect(formatDeadline(END_OF_DAY, 'WeekdayLong', 'es', LOS_ANGELES)).toBe(
      'lunes, 15 de marzo de 2027 23:59 GMT-7',
    );
  });

  it('writes the date as it falls in the zone, not in UTC', () => {
    expect(formatDeadline(END_OF_DAY, 'Short', 'en', 'America/New_York')).toBe('03/16/2027');
  });

  it('uses the date-entry zone when none is given', () => {
    expect(formatDeadline(END_OF_DAY, 'Short', 'en')).toBe('03/15/2027');
  });

  it('uses plain spaces only', () => {
    expect(formatDeadline(END_OF_DAY, 'WeekdayLong', 'en', LOS_ANGELES)).not.toMatch(
      /[\u00a0\u202f]/,
    );
  });

  it('refuses an instant that is not ISO-8601', () => {
    expect(() => formatDeadline('03/15/2027', 'Short', 'en', LOS_ANGELES)).toThrow(
      'cannot format deadline "03/15/2027" in zone "America/Los_Angeles"',
    );
  });

  it.each(['en', 'es', 'fr', 'de', 'zh', 'ar-EG', 'hi'])(
    'writes in %s what the date library writes with the same patterns',
    (culture) => {
      const luxonFormats = { Short: 'MM/dd/yyyy', Long: 'DDD', WeekdayLong: 'DDDD t ZZZZ' };
      for (const zone of [LOS_ANGELES, 'America/St_Johns', 'Pacific/Honolulu']) {
        for (const [style, pattern] of Object.entries(luxonFormats)) {
          const expected = DateTime.fromISO(END_OF_DAY, { zone, locale: culture })
            .toFormat(pattern)
            .replace(/[\u00a0\u202f]/g, ' ');
          expect(formatDeadline(END_OF_DAY, style as 'Short', culture, zone)).toBe(expected);
        }
      }
    },
  );

  it('refuses an unknown zone', () => {
    expect(() => formatDeadline(END_OF_DAY, 'Short', 'en', 'Mars/Olympus')).toThrow(
      'cannot format deadline',
    );
  });
});

describe('deadlineLocalizationKey', () => {
  it('names the key after the deadline and the format', () => {
    expect(deadlineLocalizationKey('claimFilingDeadline', 'WeekdayLong')).toBe(
      'Deadline_claimFilingDeadline_WeekdayLong',
    );
  });
});

describe('deadlineLocalizationKeys', () => {
  const settings: DeadlineSettings = {
    claimFilingDeadline: {
      deadline: END_OF_DAY,
      redirectTargets: { default: '/deadline' },
      timeZone: LOS_ANGELES,
    },
    globalDeadline: {
      deadline: '2027-07-01T03:59:59.999Z',
      redirectTargets: { default: '/deadline' },
      timeZone: 'America/New_York',
    },
  };

  it('gives three entries per configured deadline for the culture', () => {
    expect(deadlineLocalizationKeys(settings, 'es')).toEqual({
      Deadline_globalDeadline_Short: '06/30/2027',
      Deadline_globalDeadline_Long: '30 de junio de 2027',
      Deadline_globalDeadline_WeekdayLong: 'miércoles, 30 de junio de 2027 23:59 GMT-4',
      Deadline_claimFilingDeadline_Short: '03/15/2027',
      Deadline_claimFilingDeadline_Long: '15 de marzo de 2027',
      Deadline_claimFilingDeadline_WeekdayLong: 'lunes, 15 de marzo de 2027 23:59 GMT-7',
    });
  });

  it('writes a deadline without a time zone in the date-entry zone', () => {
    const entries = deadlineLocalizationKeys(
      { globalDeadline: { deadline: END_OF_DAY, redirectTargets: {} } },
      'en',
    );
    expect(entries['Deadline_globalDeadline_WeekdayLong']).toBe(
      'Monday, March 15, 2027 11:59 PM PDT',
    );
  });

  it('gives nothing when no deadline is configured', () => {
    expect(deadlineLocalizationKeys({}, 'en')).toEqual({});
  });
});
