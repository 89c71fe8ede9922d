import { describe, expect, it } from 'vitest';
import { lighthouseFigures } from './lighthouse-audit';

const lhr = {
  finalDisplayedUrl: 'http://127.0.0.1:1/session-expired',
  categories: {
    performance: { score: 0.954, auditRefs: [{ id: 'largest-contentful-paint', weight: 25 }] },
    accessibility: { score: 1, auditRefs: [{ id: 'color-contrast', weight: 7 }] },
    'best-practices': { score: 0.96, auditRefs: [{ id: 'errors-in-console', weight: 1 }] },
  },
  audits: {
    'largest-contentful-paint': {
      id: 'largest-contentful-paint',
      title: 'LCP',
      score: 0.5,
      scoreDisplayMode: 'numeric',
      numericValue: 2512.4,
      displayValue: '2.5 s',
    },
    'total-blocking-time': {
      id: 'total-blocking-time',
      title: 'TBT',
      score: 1,
      scoreDisplayMode: 'numeric',
      numericValue: 40,
    },
    'cumulative-layout-shift': {
      id: 'cumulative-layout-shift',
      title: 'CLS',
      score: 1,
      scoreDisplayMode: 'numeric',
      numericValue: 0.01,
    },
    'color-contrast': {
      id: 'color-contrast',
      title: 'Contrast',
      score: 1,
      scoreDisplayMode: 'binary',
    },
    'errors-in-console': {
      id: 'errors-in-console',
      title: 'Console errors',
      score: 0,
      scoreDisplayMode: 'binary',
    },
  },
};

describe('lighthouseFigures', () => {
  it('gives the scores out of 100', () => {
    expect(lighthouseFigures('landing', 'http://127.0.0.1:1/standard', lhr).scores).toEqual({
      performance: 95,
      accessibility: 100,
      'best-practices': 96,
    });
  });

  it('reads LCP, TBT and CLS', () => {
    const figures = lighthouseFigures('landing', 'http://127.0.0.1:1/standard', lhr);
    expect([figures.lcpMs, figures.tbtMs, figures.cls]).toEqual([2512.4, 40, 0.01]);
  });

  it('lists the audits that did not pass, with their category', () => {
    const figures = lighthouseFigures('landing', 'http://127.0.0.1:1/standard', lhr);
    expect(figures.failedAudits.map((audit) => [audit.category, audit.id])).toEqual([
      ['performance', 'largest-contentful-paint'],
      ['best-practices', 'errors-in-console'],
    ]);
  });

  it('keeps where the page ended up', () => {
    expect(
      lighthouseFigures('form', 'http://127.0.0.1:1/standard/claimant-info', lhr).finalUrl,
    ).toBe('http://127.0.0.1:1/session-expired');
  });
});
