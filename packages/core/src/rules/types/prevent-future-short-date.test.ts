import { describe, expect, it } from 'vitest';
import { messages } from '../test-helpers';

// Today is 15 June 2024 in Los Angeles (test-helpers NOW).
const rule = { type: 'preventFutureShortDate' };

describe('preventFutureShortDate', () => {
  it('passes today written M/d/yyyy', () => {
    expect(messages(rule, '6/15/2024')).toEqual([]);
  });

  it('fails tomorrow', () => {
    expect(messages(rule, '06/16/2024')).toEqual(['The date cannot be in the future']);
  });

  it('fails an ISO 8601 date, which is not the short form', () => {
    expect(messages(rule, '2024-06-01')).toEqual(['Enter the date as mm/dd/yyyy']);
  });

  it('fails a Date, which is not the short form', () => {
    expect(messages(rule, new Date('2024-06-01T12:00:00Z'))).toEqual([
      'Enter the date as mm/dd/yyyy',
    ]);
  });
});
