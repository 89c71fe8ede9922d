import { describe, expect, it } from 'vitest';
import { problemsOf } from './test-helpers';

describe('deadline checks', () => {
  it('refuses a redirect URL for a culture that is not enabled', () => {
    const problems = problemsOf([
      ['deadlines', 'claimFilingDeadline', 'redirectUrls'],
      { fr: '/deadline', default: '/deadline' },
    ]);
    expect(problems).toEqual([
      'case.deadlines.claimFilingDeadline.redirectUrls.fr: culture "fr" is not enabled; expected one of en, es, default',
    ]);
  });

  it('refuses a key date naming a deadline the case does not define', () => {
    const problems = problemsOf([
      ['pages', 'keyDates', 'dates', 1],
      { labelKey: 'LocKey_Filing', deadline: 'globalDeadline' },
    ]);
    expect(problems).toEqual([
      'case.pages.keyDates.dates[1].deadline: deadline globalDeadline is not defined under case.deadlines',
    ]);
  });
});
