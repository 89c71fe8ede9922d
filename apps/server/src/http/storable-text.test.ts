import { describe, expect, it } from 'vitest';
import { findUnstorableText, storableName } from './storable-text';

describe('findUnstorableText', () => {
  it('accepts any well-formed text, emoji and other surrogate pairs included', () => {
    expect(
      findUnstorableText({ name: 'Zoë 🚗 ﷽ \u200b', list: ['𝕏', 1, true, null] }, 'the body'),
    ).toBeUndefined();
  });

  it('names the path of a NUL inside nested objects and arrays', () => {
    expect(findUnstorableText({ models: [{ fields: { city: 'a\u0000' } }] }, 'the body')).toBe(
      'models[0].fields.city contains a NUL character (U+0000), which text may not contain',
    );
  });

  it('names a lone high surrogate and a lone low surrogate by their code units', () => {
    expect(findUnstorableText({ a: 'x\ud83d' }, 'the body')).toBe(
      'a contains an unpaired surrogate (U+D83D), which is not valid Unicode text',
    );
    expect(findUnstorableText({ a: '\ude00x' }, 'the body')).toBe(
      'a contains an unpaired surrogate (U+DE00), which is not valid Unicode text',
    );
  });

  it('names the value itself when it is a string', () => {
    expect(findUnstorableText('\u0000', 'the body')).toBe(
      'the body contains a NUL character (U+0000), which text may not contain',
    );
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let deep: unknown = 'end\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) deep = [deep];
    expect(findUnstorableText(deep, 'the body')).toMatch(/contains a NUL character/);
  });
});

describe('storableName', () => {
  it('replaces each NUL and each unpaired surrogate with U+FFFD and keeps the rest', () => {
    expect(storableName('a\u0000b\ud800c\udc00d😀.pdf')).toBe('a\uFFFDb\uFFFDc\uFFFDd😀.pdf');
  });

  it('leaves a well-formed name as it is', () => {
    expect(storableName('Facture n° 12 — reçu.pdf')).toBe('Facture n° 12 — reçu.pdf');
  });
});
