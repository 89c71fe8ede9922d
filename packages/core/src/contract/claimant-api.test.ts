import { describe, expect, it } from 'vitest';
import { appealRequestSchema, MAX_APPEAL_STATEMENT_LENGTH } from './claimant-api';

describe('appealRequestSchema', () => {
  it('keeps the statement without its surrounding spaces', () => {
    expect(appealRequestSchema.parse({ statement: '  I filed once.  ' })).toEqual({
      statement: 'I filed once.',
    });
  });

  it('refuses a statement of spaces only', () => {
    expect(appealRequestSchema.safeParse({ statement: '   ' }).success).toBe(false);
  });

  it('refuses a statement longer than the longest allowed', () => {
    const statement = 'x'.repeat(MAX_APPEAL_STATEMENT_LENGTH + 1);
    expect(appealRequestSchema.safeParse({ statement }).success).toBe(false);
  });
});
