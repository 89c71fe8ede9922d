import { describe, expect, it } from 'vitest';
import { DOCUMENT_REFUSAL_REASONS } from '@claims/core/documents/refusal';
import { formatMessage } from '@claims/core/rules/messages';
import { DOCUMENT_REFUSAL_TEXT, documentRefusalMessage } from './document-refusal';
import type { Localizer } from './localized-text';
import { demoContent } from './testing/demo-case';

const english: Localizer = (text) => (typeof text === 'string' ? text : text.text);

describe('DOCUMENT_REFUSAL_TEXT', () => {
  it.each(['en', 'es'] as const)('has a %s text naming the file for every reason', (culture) => {
    for (const reason of DOCUMENT_REFUSAL_REASONS) {
      const text = demoContent[culture][DOCUMENT_REFUSAL_TEXT[reason].key];
      expect(text, `${culture} ${reason}`).toContain('{name}');
    }
  });

  it('gives the demo content the English texts of the site', () => {
    for (const reason of DOCUMENT_REFUSAL_REASONS) {
      const { key, text } = DOCUMENT_REFUSAL_TEXT[reason];
      expect(demoContent.en[key]).toBe(text);
    }
  });
});

describe('documentRefusalMessage', () => {
  it('names the file and the size a document may be', () => {
    expect(documentRefusalMessage(english, { name: 'scan.pdf', reason: 'tooLarge' })).toMatch(
      /^scan\.pdf is larger than the 10 MB a document may be\./,
    );
  });

  it('names the number of documents a claim may carry', () => {
    expect(documentRefusalMessage(english, { name: 'a.pdf', reason: 'tooMany' })).toContain(
      'at most 20 documents',
    );
  });

  it('reads the text of the active culture', () => {
    const spanish: Localizer = (text) =>
      typeof text === 'string' ? text : (demoContent.es[text.key] ?? text.text);
    expect(documentRefusalMessage(spanish, { name: 'foto.heic', reason: 'heicPhoto' })).toBe(
      formatMessage(demoContent.es['LocKey_Documents_HeicPhoto'] ?? '', { name: 'foto.heic' }),
    );
  });
});
