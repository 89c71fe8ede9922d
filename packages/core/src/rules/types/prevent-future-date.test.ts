import { describe, expect, it } from 'vitest';
import { messages } from '../test-helpers';

// Today is 15 June 2024 in Los Angeles (test-helpers NOW).
const rule = { type: 'preventFutureDate' };

describe('preventFutureDate', () => {
  it('passes today', () => {
    expect(messages(rule, '6/15/2024')).toEqual([]);
  });

  it('passes a past day', () => {
    expect(messages(rule, '12/31/1999')).toEqual([]);
  });

  it('fails tomorrow with "The date cannot be in the future"', () => {
    expect(messages(rule, '6/16/2024')).toEqual(['The date cannot be in the future']);
  });

  it('judges today in Los Angeles, not in UTC', () => {
    const eveningInLosAngeles = new Date('2024-06-16T05:00:00Z');
    expect(messages(rule, '6/16/2024', {}, { now: eveningInLosAngeles })).toEqual([
      'The date cannot be in the future',
    ]);
  });

  it('accepts an ISO 8601 date', () => {
    expect(messages(rule, '2024-06-16')).toEqual(['The date cannot be in the future']);
  });

  it('takes an ISO 8601 date-time as its day in Los Angeles', () => {
    expect(messages(rule, '2024-06-16T03:00:00Z')).toEqual([]);
  });

  it('accepts a Date', () => {
    expect(messages(rule, new Date('2024-06-10T12:00:00Z'))).toEqual([]);
  });

  it('fails text that is no date with the date format message', () => {
    expect(messages(rule, 'yesterday')).toEqual(['Enter the date as mm/dd/yyyy']);
  });

  it('fails an invalid Date with the date format message', () => {
    expect(messages(rule, new Date('nonsense'))).toEqual(['Enter the date as mm/dd/yyyy']);
  });
});
