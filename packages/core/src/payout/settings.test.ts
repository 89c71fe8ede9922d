import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { describeIssue, formatPath } from '../case/schema-issues';
import {
  canChangePayout,
  payoutChangeClosesAt,
  payoutChangeWindow,
  payoutSettingsSchema,
} from './settings';

const LOS_ANGELES = 'America/Los_Angeles';
const NEW_YORK = 'America/New_York';

/** The problems as the case definition reports them, each with its path under `payout`. */
function problemsOf(source: unknown): string[] {
  const result = payoutSettingsSchema.safeParse(source, { reportInput: true });
  if (result.success) return [];
  return result.error.issues.map(
    (issue) => `${formatPath('payout', issue.path)}: ${describeIssue(issue)}`,
  );
}

function closesInZone(changeCutoff: string, zone: string): string {
  return DateTime.fromISO(payoutChangeClosesAt({ changeCutoff }, zone), { zone }).toISO() as string;
}

describe('payoutSettingsSchema', () => {
  it('accepts the enabled methods, in their order, and the cut-off date', () => {
    expect(
      payoutSettingsSchema.parse({
        methods: ['check', 'ach', 'paypal'],
        changeCutoff: '06/30/2036',
      }),
    ).toEqual({ methods: ['check', 'ach', 'paypal'], changeCutoff: '06/30/2036' });
  });

  it('refuses an empty list of methods, naming the known ones', () => {
    expect(problemsOf({ methods: [], changeCutoff: '06/30/2036' })).toEqual([
      'payout.methods: expected at least one payout method, from paypal, venmo, prepaid_card, ach, check',
    ]);
  });

  it('refuses an unknown method, listing the known ones', () => {
    expect(problemsOf({ methods: ['ach', 'zelle'], changeCutoff: '06/30/2036' })).toEqual([
      'payout.methods[1]: unknown payout method "zelle"; expected one of paypal, venmo, prepaid_card, ach, check',
    ]);
  });

  it('refuses a method named by its option value', () => {
    expect(problemsOf({ methods: ['PayPal'], changeCutoff: '06/30/2036' })).toEqual([
      'payout.methods[0]: unknown payout method "PayPal"; expected one of paypal, venmo, prepaid_card, ach, check',
    ]);
  });

  it('refuses a method listed twice, naming where it is first', () => {
    expect(problemsOf({ methods: ['ach', 'check', 'ach'], changeCutoff: '06/30/2036' })).toEqual([
      'payout.methods[2]: duplicate payout method "ach"; methods[0] has it already',
    ]);
  });

  it('refuses a method that is not text', () => {
    expect(problemsOf({ methods: [7], changeCutoff: '06/30/2036' })).toEqual([
      'payout.methods[0]: expected string, got number',
    ]);
  });

  it.each(['2036-06-30', '6/30/2036', '02/30/2036', '06/30/36', '06/30/2036 11:59:59 PM'])(
    'refuses the cut-off %j, giving the format',
    (changeCutoff) => {
      expect(problemsOf({ methods: ['check'], changeCutoff })).toEqual([
        `payout.changeCutoff: invalid change cut-off "${changeCutoff}"; expected a date as MM/dd/yyyy, such as 06/30/2036`,
      ]);
    },
  );

  it('requires the cut-off', () => {
    expect(problemsOf({ methods: ['check'] })).toEqual([
      'payout.changeCutoff: is required (expected string)',
    ]);
  });

  it('refuses a key it does not know, naming the ones it does', () => {
    expect(
      problemsOf({ methods: ['check'], changeCutoff: '06/30/2036', cutoff: '06/30/2036' }),
    ).toEqual(['payout: unexpected key "cutoff"; expected methods, changeCutoff']);
  });
});

describe('payoutChangeClosesAt', () => {
  it('closes at the end of the cut-off day in the case’s zone, as an instant in UTC', () => {
    expect(payoutChangeClosesAt({ changeCutoff: '06/30/2036' }, LOS_ANGELES)).toBe(
      '2036-07-01T06:59:59.999Z',
    );
  });

  it('closes at the end of a day the clocks go forward', () => {
    expect(closesInZone('03/08/2026', LOS_ANGELES)).toBe('2026-03-08T23:59:59.999-07:00');
  });

  it('closes at the end of a day the clocks go back', () => {
    expect(closesInZone('11/01/2026', LOS_ANGELES)).toBe('2026-11-01T23:59:59.999-08:00');
  });

  it('throws for a zone that is not an IANA zone', () => {
    expect(() =>
      payoutChangeClosesAt({ changeCutoff: '06/30/2036' }, 'Pacific Standard Time'),
    ).toThrow('Unknown time zone "Pacific Standard Time"; expected an IANA zone name');
  });

  it('throws for a cut-off the schema would refuse', () => {
    expect(() => payoutChangeClosesAt({ changeCutoff: '2036-06-30' }, LOS_ANGELES)).toThrow(
      'invalid change cut-off "2036-06-30"; expected a date as MM/dd/yyyy',
    );
  });
});

describe('canChangePayout', () => {
  const settings = { changeCutoff: '06/30/2036' };

  it('allows a change at the last instant of the cut-off day', () => {
    expect(canChangePayout(new Date('2036-07-01T06:59:59.999Z'), settings, LOS_ANGELES)).toBe(true);
  });

  it('refuses a change one millisecond after the cut-off day', () => {
    expect(canChangePayout(new Date('2036-07-01T07:00:00.000Z'), settings, LOS_ANGELES)).toBe(
      false,
    );
  });

  it('allows a change on days before the cut-off', () => {
    expect(canChangePayout(new Date('2030-01-01T12:00:00Z'), settings, LOS_ANGELES)).toBe(true);
  });

  it('judges the cut-off day in the case’s zone, not the claimant’s', () => {
    // 11:30 PM on June 30 in Los Angeles is already July 1 in New York.
    const lateEvening = new Date('2036-07-01T06:30:00Z');
    expect(canChangePayout(lateEvening, settings, LOS_ANGELES)).toBe(true);
    expect(canChangePayout(lateEvening, settings, NEW_YORK)).toBe(false);
  });
});

describe('payoutChangeWindow', () => {
  const before = new Date('2036-06-30T12:00:00.000Z');
  const after = new Date('2036-07-01T08:00:00.000Z');

  it('is open for an approved claim through the last instant of the cut-off day', () => {
    expect(payoutChangeWindow('approved', '06/30/2036', LOS_ANGELES, before)).toEqual({
      open: true,
      closesAt: '2036-07-01T06:59:59.999Z',
    });
  });

  it('is closed after the cut-off day has ended in the case time zone', () => {
    expect(payoutChangeWindow('approved', '06/30/2036', LOS_ANGELES, after).open).toBe(false);
  });

  it('is open without a cut-off until the claim is paid, denied or withdrawn', () => {
    expect(payoutChangeWindow('in_review', undefined, LOS_ANGELES, after)).toEqual({
      open: true,
      closesAt: null,
    });
    for (const status of ['paid', 'denied', 'withdrawn'] as const) {
      expect(payoutChangeWindow(status, undefined, LOS_ANGELES, before).open).toBe(false);
    }
  });
});
