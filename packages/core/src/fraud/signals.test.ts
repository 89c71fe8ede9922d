import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FRAUD_SETTINGS } from './config';
import {
  formatWindow,
  isReasonCode,
  parseClaimSignals,
  REASON_CODE_TABLE,
  REASON_CODES,
  reasonCodeDefinition,
  type ReasonCodeDefinition,
} from './signals';

const DEFINITIONS: [string, ReasonCodeDefinition][] = Object.entries(REASON_CODE_TABLE);

describe('the reason-code table', () => {
  it.each(DEFINITIONS)('gives %s points, a grading and both descriptions', (code, definition) => {
    expect(code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/);
    expect(Number.isInteger(definition.points) && definition.points > 0).toBe(true);
    expect(definition.points).toBeLessThanOrEqual(1000);
    if (definition.fullAt !== undefined) {
      expect(Number.isInteger(definition.fullAt) && definition.fullAt > 1).toBe(true);
    }
    expect(definition.description.en).toMatch(/^[A-Z].*\.$/);
    expect(definition.description.es).toMatch(/^[A-ZÁÉÍÓÚÑ].*\.$/);
    expect(definition.description.es).not.toBe(definition.description.en);
    expect(definition.evidenceShows).not.toBe('');
  });

  it('lists its codes in the order of the table', () => {
    expect(REASON_CODES).toEqual(Object.keys(REASON_CODE_TABLE));
  });
});

describe('reasonCodeDefinition', () => {
  it('gives the definition of a known code', () => {
    expect(reasonCodeDefinition('HONEYPOT_FILLED')).toBe(REASON_CODE_TABLE.HONEYPOT_FILLED);
  });

  it('fails for an unknown code, listing the known ones', () => {
    expect(() => reasonCodeDefinition('IP_VELOCITY')).toThrow(
      `unknown fraud reason code "IP_VELOCITY"; expected one of ${REASON_CODES.join(', ')}`,
    );
  });

  it('does not take the names of object properties for codes', () => {
    expect(isReasonCode('toString')).toBe(false);
    expect(isReasonCode('__proto__')).toBe(false);
  });
});

describe('parseClaimSignals', () => {
  it('accepts the signals the server gathers', () => {
    const signals = {
      ipNetworkVelocity: { claims: 2, source: '203.0.113.0/24' },
      emailMatches: { count: 0, references: [] },
      fillSeconds: 95.5,
      honeypotFilled: false,
      mailingAddress: { zip: '90210', state: 'CA' },
    };
    expect(parseClaimSignals(signals)).toEqual(signals);
  });

  it('refuses more reference codes than the count of other claims', () => {
    expect(() =>
      parseClaimSignals({ emailMatches: { count: 1, references: ['A2B3C4D5E6F', 'G7H8J9K2M3N'] } }),
    ).toThrow(
      'invalid fraud signals: signals.emailMatches.references: lists 2 claims, more than the count of 1',
    );
  });

  it('refuses a negative count and a fill time below zero, naming both', () => {
    expect(() =>
      parseClaimSignals({
        vinMatches: { key: '1HGCM82633A004352', count: -1, references: [] },
        fillSeconds: -3,
      }),
    ).toThrow(
      'invalid fraud signals: signals.vinMatches.count: Too small: expected number to be >=0; signals.fillSeconds: Too small: expected number to be >=0',
    );
  });

  it('refuses an unknown signal, listing the known ones', () => {
    expect(() => parseClaimSignals({ captchaFailures: 3 } as never)).toThrow(
      'invalid fraud signals: signals: unexpected key "captchaFailures"; expected ipAddressVelocity,',
    );
  });
});

describe('formatWindow', () => {
  it.each([
    [1, '1 minute'],
    [10, '10 minutes'],
    [90, '90 minutes'],
    [60, '1 hour'],
    [1440, '24 hours'],
  ])('writes %i minutes as "%s"', (minutes, text) => {
    expect(formatWindow(minutes)).toBe(text);
  });
});

describe('evidence', () => {
  it('writes out at most five reference codes, then how many more', () => {
    const references = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7'];
    const finding = reasonCodeDefinition('SHARED_PHONE').find(
      parseClaimSignals({ phoneMatches: { count: 12, references } }),
      DEFAULT_FRAUD_SETTINGS,
    );
    expect(finding?.evidence).toBe(
      'the phone number is on 12 other claims: R1, R2, R3, R4, R5 and 7 more',
    );
  });

  it('never shows the e-mail address, phone number or payout account', () => {
    const matches = { count: 2, references: ['A2B3C4D5E6F', 'G7H8J9K2M3N'] };
    const signals = parseClaimSignals({
      emailMatches: matches,
      phoneMatches: matches,
      payoutAccountMatches: matches,
    });
    const evidence = (['SHARED_EMAIL', 'SHARED_PHONE', 'SHARED_PAYOUT_ACCOUNT'] as const).map(
      (code) => reasonCodeDefinition(code).find(signals, DEFAULT_FRAUD_SETTINGS)?.evidence,
    );
    expect(evidence).toEqual([
      'the e-mail address is on 2 other claims: A2B3C4D5E6F, G7H8J9K2M3N',
      'the phone number is on 2 other claims: A2B3C4D5E6F, G7H8J9K2M3N',
      'the payout account is on 2 other claims: A2B3C4D5E6F, G7H8J9K2M3N',
    ]);
  });
});

describe('docs/fraud-reason-codes.md', () => {
  const page = readFileSync(
    new URL('../../../../docs/fraud-reason-codes.md', import.meta.url),
    'utf8',
  );
  const sections = new Map(
    page
      .split(/^### /m)
      .slice(1)
      .map((section) => [/^`(\w+)`/.exec(section)?.[1], section] as const),
  );

  it('documents exactly the codes of the table, in its order', () => {
    expect([...sections.keys()]).toEqual(REASON_CODES);
  });

  it.each(DEFINITIONS)('states the points and both descriptions of %s', (code, definition) => {
    const section = sections.get(code) ?? '';
    expect(section).toContain(`- **Default points:** ${definition.points}\n`);
    expect(section).toContain(`- **English:** ${definition.description.en}\n`);
    expect(section).toContain(`- **Español:** ${definition.description.es}\n`);
    expect(section).toContain(`- **Evidence shows:** ${definition.evidenceShows}\n`);
    if (definition.fullAt === undefined) expect(section).not.toContain('**Graded by:**');
    else
      expect(section).toMatch(
        new RegExp(`\\*\\*Graded by:\\*\\* .*full points at ${definition.fullAt}\\b`),
      );
  });
});
