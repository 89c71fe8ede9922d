import { describe, expect, it } from 'vitest';
import { sanitizeContent, sanitizeCopy } from './safe-copy';

describe('sanitizeCopy', () => {
  it('gives back copy that needs no change exactly as written', () => {
    expect(sanitizeCopy('AT&T closes > 3 claims')).toBe('AT&T closes > 3 claims');
    expect(sanitizeCopy('Send it <strong>today</strong>.')).toBe('Send it <strong>today</strong>.');
  });

  it('removes scripts with their content', () => {
    expect(sanitizeCopy('<script>alert(1)</script>Hello')).toBe('Hello');
  });

  it('removes event handler attributes and the elements that are not inline copy', () => {
    expect(sanitizeCopy('<img src="x" onerror="alert(1)">Hi <b onclick="x()">there</b>')).toBe(
      'Hi <b>there</b>',
    );
  });

  it('keeps the text of a refused element that is not a script', () => {
    expect(sanitizeCopy('<div>Read <em>this</em></div>')).toBe('Read <em>this</em>');
  });

  it('removes link targets a browser would run, even with spaces hidden in the scheme', () => {
    expect(sanitizeCopy('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeCopy('<a href=" java\tscript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
  });

  it('gives every link rel="noopener noreferrer" and keeps only a _blank target', () => {
    expect(sanitizeCopy('<a href="/faq" target="_blank" rel="opener">FAQ</a>')).toBe(
      '<a href="/faq" target="_blank" rel="noopener noreferrer">FAQ</a>',
    );
    expect(sanitizeCopy('<a href="https://example.org/" target="top">x</a>')).toBe(
      '<a href="https://example.org/" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps mail and phone links', () => {
    expect(sanitizeCopy('<a href="mailto:help@example.org">mail</a>')).toBe(
      '<a href="mailto:help@example.org" rel="noopener noreferrer">mail</a>',
    );
  });

  it('removes SVG and MathML with their content', () => {
    expect(sanitizeCopy('<svg><a href="/x">y</a></svg><math><mi>z</mi></math>ok')).toBe('ok');
  });

  it('removes comments', () => {
    expect(sanitizeCopy('<!-- note -->Text')).toBe('Text');
  });
});

describe('sanitizeContent', () => {
  it('sanitises every key of every culture', () => {
    expect(
      sanitizeContent({
        en: { A: 'Plain', B: '<script>x</script>Safe' },
        es: { A: 'Sencillo', B: '<i onmouseover="x">Seguro</i>' },
      }),
    ).toEqual({
      en: { A: 'Plain', B: 'Safe' },
      es: { A: 'Sencillo', B: '<i>Seguro</i>' },
    });
  });
});
