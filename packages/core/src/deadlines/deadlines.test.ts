import { Settings } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  DEADLINE_NAMES,
  deadlineNamesForFormType,
  deadlineRedirect,
  deadlinesByLanguageSchema,
  deadlinesByNameSchema,
  deadlinesResponseSchema,
  findPassedDeadline,
  isSafeRedirectUrl,
  parseDeadline,
  toDeadlineSettings,
  toDeadlinesResponse,
  type DeadlineSettings,
} from './deadlines';

const PACIFIC = 'Pacific Standard Time';
const FORMAT_ERROR = 'valid formats: MM/dd/yyyy, MM/dd/yyyy hh:mm:ss a';

function issues(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('DEADLINE_NAMES', () => {
  it('lists the five deadlines of the specification', () => {
    expect(DEADLINE_NAMES).toEqual([
      'globalDeadline',
      'claimFilingDeadline',
      'automotiveFilingDeadline',
      'lookupFilingDeadline',
      'documentsUploadFilingDeadline',
    ]);
  });
});

describe('parseDeadline', () => {
  it('reads a date with a 12-hour time in the given zone', () => {
    expect(parseDeadline('03/15/2027 05:30:00 PM', PACIFIC).toISO()).toBe(
      '2027-03-15T17:30:00.000-07:00',
    );
  });

  it('makes a date-only deadline last to the end of that day in the zone', () => {
    expect(parseDeadline('03/15/2027', PACIFIC).toISO()).toBe('2027-03-15T23:59:59.999-07:00');
  });

  it('uses the standard-time offset in winter', () => {
    expect(parseDeadline('01/15/2027', PACIFIC).toISO()).toBe('2027-01-15T23:59:59.999-08:00');
  });

  it('reads the time in the zone named, not the machine zone', () => {
    expect(parseDeadline('03/15/2027 12:00:00 AM', 'Eastern Standard Time').toUTC().toISO()).toBe(
      '2027-03-15T04:00:00.000Z',
    );
  });

  it('reads AM/PM whatever default locale the app has set', () => {
    const previous = Settings.defaultLocale;
    Settings.defaultLocale = 'es';
    try {
      expect(parseDeadline('03/15/2027 05:30:00 PM', PACIFIC).hour).toBe(17);
    } finally {
      Settings.defaultLocale = previous;
    }
  });

  it.each(['2027-03-15', '3/15/2027', '03/15/27', '02/30/2027', '03/15/2027 17:30:00', ''])(
    'refuses %j with the valid formats',
    (text) => {
      expect(() => parseDeadline(text, PACIFIC)).toThrow(
        `Invalid deadline format "${text}"; ${FORMAT_ERROR}`,
      );
    },
  );

  it('refuses an unknown time zone', () => {
    expect(() => parseDeadline('03/15/2027', 'Pacific Time')).toThrow(
      'Unknown time zone "Pacific Time"',
    );
  });
});

describe('isSafeRedirectUrl', () => {
  it.each([
    '/deadline',
    '/claim/closed?culture=es',
    'https://example.com/closed',
    'http://example.com',
  ])('accepts %j', (url) => {
    expect(isSafeRedirectUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    ' https://example.com',
    'example.com',
    '',
  ])('refuses %j', (url) => {
    expect(isSafeRedirectUrl(url)).toBe(false);
  });
});

const shapeA = {
  globalDeadline: { deadline: '06/30/2027', timeZone: PACIFIC },
  claimFilingDeadline: { deadline: '03/15/2027 05:00:00 PM', timeZone: 'Eastern Standard Time' },
};

const shapeB = {
  en: {
    projectTimeZone: 'America/Los_Angeles',
    deadlines: {
      claimFilingDeadline: {
        deadlineDateTime: '2027-03-15T23:59:59.999-07:00',
        redirectUrl: 'https://example.com/closed',
      },
      lookupFilingDeadline: { deadlineDateTime: '2027-04-01T12:00:00.000-07:00' },
    },
  },
  es: {
    deadlines: {
      claimFilingDeadline: {
        deadlineDateTime: '2027-03-16T06:59:59.999Z',
        redirectUrl: 'https://example.com/es/cerrado',
      },
      lookupFilingDeadline: { deadlineDateTime: '2027-04-01T19:00:00Z', redirectUrl: null },
    },
  },
};

describe('deadlinesResponseSchema', () => {
  it('accepts shape A, keyed by deadline name', () => {
    expect(deadlinesResponseSchema.parse(shapeA)).toEqual(shapeA);
  });

  it('accepts shape B, keyed by language', () => {
    expect(deadlinesResponseSchema.parse(shapeB)).toEqual(shapeB);
  });

  it('accepts a response with no deadlines', () => {
    expect(deadlinesResponseSchema.parse({})).toEqual({});
  });

  it('refuses a key that is neither a deadline name nor a language', () => {
    expect(
      deadlinesResponseSchema.safeParse({ filingDeadline: shapeA.globalDeadline }).success,
    ).toBe(false);
  });
});

describe('deadlinesByNameSchema', () => {
  it('reports a deadline in an invalid format', () => {
    const result = deadlinesByNameSchema.safeParse({
      globalDeadline: { deadline: '2027-06-30', timeZone: PACIFIC },
    });
    expect(issues(result)).toEqual([`Invalid deadline format "2027-06-30"; ${FORMAT_ERROR}`]);
    expect(result.error?.issues[0]?.path).toEqual(['globalDeadline', 'deadline']);
  });

  it('reports an unknown time zone once', () => {
    const result = deadlinesByNameSchema.safeParse({
      globalDeadline: { deadline: '06/30/2027', timeZone: 'PST' },
    });
    expect(issues(result)).toHaveLength(1);
    expect(issues(result)[0]).toMatch(/^Unknown time zone "PST"; expected one of Hawaiian/);
    expect(result.error?.issues[0]?.path).toEqual(['globalDeadline', 'timeZone']);
  });
});

describe('deadlinesByLanguageSchema', () => {
  it('refuses languages that state different instants for one deadline', () => {
    const result = deadlinesByLanguageSchema.safeParse({
      en: { deadlines: { globalDeadline: { deadlineDateTime: '2027-06-30T23:59:59-07:00' } } },
      es: { deadlines: { globalDeadline: { deadlineDateTime: '2027-06-29T23:59:59-07:00' } } },
    });
    expect(issues(result)).toEqual([
      'deadline globalDeadline differs between languages en and es; every language must state the same instant',
    ]);
  });

  it('refuses a date-time without an offset', () => {
    const result = deadlinesByLanguageSchema.safeParse({
      en: { deadlines: { globalDeadline: { deadlineDateTime: '2027-06-30T23:59:59' } } },
    });
    expect(result.success).toBe(false);
  });

  it('refuses a redirect URL the browser must not follow', () => {
    const result = deadlinesByLanguageSchema.safeParse({
      en: {
        deadlines: {
          globalDeadline: {
            deadlineDateTime: '2027-06-30T23:59:59-07:00',
            redirectUrl: 'javascript:alert(1)',
          },
        },
      },
    });
    expect(issues(result)).toEqual([
      'invalid redirect URL "javascript:alert(1)"; expected a path starting with "/" or an http(s) URL',
    ]);
  });

  it('refuses a project time zone that is not an IANA zone', () => {
    const result = deadlinesByLanguageSchema.safeParse({
      en: { projectTimeZone: 'Pacific Standard Time', deadlines: {} },
    });
    expect(issues(result)).toEqual([
      'Unknown time zone "Pacific Standard Time"; expected an IANA zone name',
    ]);
  });
});

describe('toDeadlineSettings', () => {
  it('turns shape A into UTC instants that lead to /deadline', () => {
    expect(toDeadlineSettings(deadlinesResponseSchema.parse(shapeA))).toEqual({
      globalDeadline: {
        deadline: '2027-07-01T06:59:59.999Z',
        redirectTargets: { default: '/deadline' },
        timeZone: 'America/Los_Angeles',
      },
      claimFilingDeadline: {
        deadline: '2027-03-15T21:00:00.000Z',
        redirectTargets: { default: '/deadline' },
        timeZone: 'America/New_York',
      },
    });
  });

  it('turns shape B into UTC instants with a target per language and English as default', () => {
    expect(toDeadlineSettings(deadlinesResponseSchema.parse(shapeB))).toEqual({
      claimFilingDeadline: {
        deadline: '2027-03-16T06:59:59.999Z',
        redirectTargets: {
          en: 'https://example.com/closed',
          es: 'https://example.com/es/cerrado',
          default: 'https://example.com/closed',
        },
        timeZone: 'America/Los_Angeles',
      },
      lookupFilingDeadline: {
        deadline: '2027-04-01T19:00:00.000Z',
        redirectTargets: { default: '/deadline' },
        timeZone: 'America/Los_Angeles',
      },
    });
  });

  it('keeps the English instant when English is not listed first', () => {
    const settings = toDeadlineSettings({
      es: { deadlines: { globalDeadline: { deadlineDateTime: '2027-06-30T23:59:59.000-07:00' } } },
      en: { deadlines: { globalDeadline: { deadlineDateTime: '2027-07-01T06:59:59.000Z' } } },
    });
    expect(settings.globalDeadline?.deadline).toBe('2027-07-01T06:59:59.000Z');
  });

  it('names no time zone when shape B has no English entry', () => {
    const settings = toDeadlineSettings({
      es: { deadlines: { globalDeadline: { deadlineDateTime: '2027-06-30T23:59:59.000-07:00' } } },
    });
    expect(settings).toEqual({
      globalDeadline: {
        deadline: '2027-07-01T06:59:59.000Z',
        redirectTargets: { default: '/deadline' },
      },
    });
  });
});

describe('deadlineNamesForFormType', () => {
  it.each([
    ['Standard', 'claimFilingDeadline'],
    ['Automotive', 'automotiveFilingDeadline'],
    ['Lookup', 'lookupFilingDeadline'],
    ['DocumentsUpload', 'documentsUploadFilingDeadline'],
  ] as const)('lists the global deadline, then the %s form deadline', (formType, own) => {
    expect(deadlineNamesForFormType(formType)).toEqual(['globalDeadline', own]);
  });

  it('lists only the global deadline for a page of no form', () => {
    expect(deadlineNamesForFormType(undefined)).toEqual(['globalDeadline']);
  });
});

const settings: DeadlineSettings = {
  globalDeadline: {
    deadline: '2027-06-30T12:00:00.000Z',
    redirectTargets: { default: '/deadline' },
  },
  claimFilingDeadline: {
    deadline: '2027-03-15T12:00:00.000Z',
    redirectTargets: {
      en: 'https://example.com/closed',
      es: 'https://example.com/es/cerrado',
      fr: '/deadline',
      default: 'https://example.com/closed',
    },
  },
  lookupFilingDeadline: {
    deadline: '2027-03-15T12:00:00.000Z',
    redirectTargets: { es: 'https://example.com/es/cerrado', default: '/deadline' },
  },
};
const STANDARD = deadlineNamesForFormType('Standard');
const BEFORE = new Date('2027-03-15T11:59:59.999Z');
const AT = new Date('2027-03-15T12:00:00.000Z');
const AFTER = new Date('2027-03-15T12:00:00.001Z');
const LONG_AFTER = new Date('2028-01-01T00:00:00Z');

describe('findPassedDeadline', () => {
  it('finds nothing before every deadline', () => {
    expect(findPassedDeadline(settings, STANDARD, BEFORE)).toBeUndefined();
  });

  it('counts the deadline instant itself as still open', () => {
    expect(findPassedDeadline(settings, STANDARD, AT)).toBeUndefined();
  });

  it('finds a deadline one millisecond after it', () => {
    expect(findPassedDeadline(settings, STANDARD, AFTER)).toBe('claimFilingDeadline');
  });

  it('returns the first passed deadline in the listed order', () => {
    expect(findPassedDeadline(settings, STANDARD, LONG_AFTER)).toBe('globalDeadline');
    expect(
      findPassedDeadline(settings, ['claimFilingDeadline', 'globalDeadline'], LONG_AFTER),
    ).toBe('claimFilingDeadline');
  });

  it('ignores listed deadlines that are not configured', () => {
    expect(findPassedDeadline(settings, ['automotiveFilingDeadline'], LONG_AFTER)).toBeUndefined();
  });
});

describe('deadlineRedirect', () => {
  it('does nothing before the deadline', () => {
    expect(deadlineRedirect(settings, STANDARD, BEFORE, 'en', '/standard')).toEqual({
      kind: 'none',
    });
  });

  it('does nothing on the deadline page itself', () => {
    expect(deadlineRedirect(settings, STANDARD, AFTER, 'en', '/deadline/')).toEqual({
      kind: 'none',
    });
  });

  it("sends the browser to the culture's own target", () => {
    expect(deadlineRedirect(settings, STANDARD, AFTER, 'es', '/standard')).toEqual({
      kind: 'external',
      url: 'https://example.com/es/cerrado',
    });
  });

  it("uses the language's target for a regional culture", () => {
    expect(deadlineRedirect(settings, STANDARD, AFTER, 'es-MX', '/standard')).toEqual({
      kind: 'external',
      url: 'https://example.com/es/cerrado',
    });
  });

  it('uses the default target for a culture without its own', () => {
    expect(deadlineRedirect(settings, STANDARD, AFTER, 'vi', '/standard')).toEqual({
      kind: 'external',
      url: 'https://example.com/closed',
    });
  });

  it('goes to /deadline when the target is /deadline', () => {
    expect(deadlineRedirect(settings, STANDARD, AFTER, 'fr', '/standard')).toEqual({
      kind: 'internal',
      path: '/deadline',
    });
  });

  it('goes to /deadline when no target is configured', () => {
    const bare: DeadlineSettings = {
      globalDeadline: { deadline: '2027-01-01T00:00:00Z', redirectTargets: {} },
    };
    expect(deadlineRedirect(bare, ['globalDeadline'], AFTER, 'en', '/')).toEqual({
      kind: 'internal',
      path: '/deadline',
    });
  });

  it('lets the first passed deadline decide the target', () => {
    expect(deadlineRedirect(settings, STANDARD, LONG_AFTER, 'es', '/standard')).toEqual({
      kind: 'internal',
      path: '/deadline',
    });
  });
});

describe('toDeadlinesResponse', () => {
  const response = toDeadlinesResponse({
    projectTimeZone: PACIFIC,
    cultures: ['es', 'en'],
    deadlines: [
      {
        name: 'claimFilingDeadline',
        deadline: '03/15/2027',
        windowsZone: PACIFIC,
        redirectUrls: { es: 'https://example.com/es/cerrado', default: '/deadline' },
      },
      {
        name: 'globalDeadline',
        deadline: '06/30/2027 05:00:00 PM',
        windowsZone: 'Eastern Standard Time',
      },
    ],
  });

  it('gives English the project time zone and every culture each deadline with its offset', () => {
    expect(response).toEqual({
      en: {
        projectTimeZone: 'America/Los_Angeles',
        deadlines: {
          claimFilingDeadline: {
            deadlineDateTime: '2027-03-15T23:59:59.999-07:00',
            redirectUrl: '/deadline',
          },
          globalDeadline: { deadlineDateTime: '2027-06-30T17:00:00.000-04:00' },
        },
      },
      es: {
        deadlines: {
          claimFilingDeadline: {
            deadlineDateTime: '2027-03-15T23:59:59.999-07:00',
            redirectUrl: 'https://example.com/es/cerrado',
          },
          globalDeadline: { deadlineDateTime: '2027-06-30T17:00:00.000-04:00' },
        },
      },
    });
  });

  it('answers in a shape the response schema accepts', () => {
    expect(deadlinesResponseSchema.parse(response)).toEqual(response);
  });

  it('round-trips to the same settings the browser stores', () => {
    expect(toDeadlineSettings(deadlinesResponseSchema.parse(response))).toEqual({
      globalDeadline: {
        deadline: '2027-06-30T21:00:00.000Z',
        redirectTargets: { default: '/deadline' },
        timeZone: 'America/Los_Angeles',
      },
      claimFilingDeadline: {
        deadline: '2027-03-16T06:59:59.999Z',
        redirectTargets: {
          en: '/deadline',
          es: 'https://example.com/es/cerrado',
          default: '/deadline',
        },
        timeZone: 'America/Los_Angeles',
      },
    });
  });

  it('always includes English', () => {
    const only = toDeadlinesResponse({ projectTimeZone: PACIFIC, cultures: ['es'], deadlines: [] });
    expect(Object.keys(only)).toEqual(['en', 'es']);
  });

  it('refuses a deadline defined twice', () => {
    const twice = { name: 'globalDeadline', deadline: '06/30/2027', windowsZone: PACIFIC } as const;
    expect(() =>
      toDeadlinesResponse({ projectTimeZone: PACIFIC, cultures: [], deadlines: [twice, twice] }),
    ).toThrow('deadline globalDeadline is defined twice; each name may appear once');
  });

  it('refuses an unsafe redirect URL', () => {
    expect(() =>
      toDeadlinesResponse({
        projectTimeZone: PACIFIC,
        cultures: ['en'],
        deadlines: [
          {
            name: 'globalDeadline',
            deadline: '06/30/2027',
            windowsZone: PACIFIC,
            redirectUrls: { en: '//evil.example' },
          },
        ],
      }),
    ).toThrow(
      'invalid redirect URL "//evil.example" for globalDeadline; expected a path starting with "/" or an http(s) URL',
    );
  });

  it('refuses a deadline in an invalid format', () => {
    expect(() =>
      toDeadlinesResponse({
        projectTimeZone: PACIFIC,
        cultures: ['en'],
        deadlines: [{ name: 'globalDeadline', deadline: 'June 30, 2027', windowsZone: PACIFIC }],
      }),
    ).toThrow(`Invalid deadline format "June 30, 2027"; ${FORMAT_ERROR}`);
  });

  it('refuses an unknown project time zone', () => {
    expect(() =>
      toDeadlinesResponse({ projectTimeZone: 'UTC', cultures: [], deadlines: [] }),
    ).toThrow('Unknown time zone "UTC"');
  });
});
