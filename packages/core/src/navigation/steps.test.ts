import { describe, expect, it } from 'vitest';
import { DEFAULT_NAVIGATION, type PageNode } from './navigation';
import { claimSteps, stepOf } from './steps';

const STANDARD = DEFAULT_NAVIGATION.Standard;

/** The Standard pages with payment-election skipped while the state says so. */
function withPaymentSkipped(): PageNode[] {
  return STANDARD.map((node) =>
    node.path === '/standard/payment-election'
      ? { ...node, skip: (state: unknown) => state === 'no payment' }
      : node,
  );
}

describe('claimSteps', () => {
  it('counts the Standard pages between sign-in and confirmation as five steps', () => {
    expect(claimSteps(STANDARD, undefined).map((node) => node.path)).toEqual([
      '/standard/claimant-info',
      '/standard/claim-details',
      '/standard/payment-election',
      '/standard/supporting-documents',
      '/standard/claim-summary',
    ]);
  });

  it('counts four Automotive steps, its order having no payment election', () => {
    expect(claimSteps(DEFAULT_NAVIGATION.Automotive, undefined)).toHaveLength(4);
  });

  it('counts one step for an upload of documents', () => {
    expect(claimSteps(DEFAULT_NAVIGATION.DocumentsUpload, undefined)).toHaveLength(1);
  });

  it('counts no step on Lookup', () => {
    expect(claimSteps(DEFAULT_NAVIGATION.Lookup, undefined)).toEqual([]);
  });

  it('leaves out a page its skip rule passes over for the state', () => {
    expect(claimSteps(withPaymentSkipped(), 'no payment')).toHaveLength(4);
  });
});

describe('stepOf', () => {
  it('places claim-details second of five on the Standard form', () => {
    expect(stepOf(STANDARD, '/standard/claim-details', undefined)).toEqual({
      number: 2,
      count: 5,
    });
  });

  it('numbers the pages after a skipped page without it', () => {
    expect(stepOf(withPaymentSkipped(), '/standard/supporting-documents', 'no payment')).toEqual({
      number: 3,
      count: 4,
    });
  });

  it('keeps a page its skip rule does not pass over for the state', () => {
    expect(stepOf(withPaymentSkipped(), '/standard/payment-election', 'paid')).toEqual({
      number: 3,
      count: 5,
    });
  });

  it('gives no step for a page skipped for the state', () => {
    expect(
      stepOf(withPaymentSkipped(), '/standard/payment-election', 'no payment'),
    ).toBeUndefined();
  });

  it('gives no step for the sign-in page', () => {
    expect(stepOf(STANDARD, '/standard', undefined)).toBeUndefined();
  });

  it('gives no step for the confirmation', () => {
    expect(stepOf(STANDARD, '/standard/confirmation', undefined)).toBeUndefined();
  });

  it('finds the page by any of its router paths', () => {
    expect(stepOf(STANDARD, '/Standard/Claim-Summary/', undefined)).toEqual({
      number: 5,
      count: 5,
    });
  });
});
