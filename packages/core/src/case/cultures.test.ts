import { describe, expect, it } from 'vitest';
import {
  culturesResponseSchema,
  enabledCultureCodes,
  toCultureContent,
  toCulturesResponse,
} from './cultures';
import { parseCaseDefinition } from './parse-case';
import { minimalCaseWith } from './test-helpers';

describe('culture helpers', () => {
  const caseDef = parseCaseDefinition(
    minimalCaseWith([
      ['cultures', 'enabled'],
      {
        es: { name: 'Español' },
        fr: { name: 'Français', enabled: false },
        en: { name: 'English' },
      },
    ]),
  );

  it('lists the enabled cultures with the default first', () => {
    expect(enabledCultureCodes(caseDef)).toEqual(['en', 'es']);
  });

  it('answers GET /api/cultures with the enabled cultures', () => {
    expect(toCulturesResponse(caseDef)).toEqual({
      cultures: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
      ],
      defaultCulture: 'en',
    });
  });

  it('answers GET /api/culture/content with the key/value list of a culture', () => {
    expect(toCultureContent(caseDef, 'es')).toContainEqual({
      key: 'LocKey_Q',
      value: 'LocKey_Q (es)',
    });
  });

  it('refuses content for a culture that is not enabled', () => {
    expect(() => toCultureContent(caseDef, 'fr')).toThrow(
      'culture "fr" is not enabled; expected one of en, es',
    );
  });
});

describe('cultures response', () => {
  it('accepts the enabled cultures with a default among them', () => {
    const body = {
      cultures: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
      ],
      defaultCulture: 'en',
    };
    expect(culturesResponseSchema.parse(body)).toEqual(body);
  });

  it('refuses a default culture that is not enabled', () => {
    const body = { cultures: [{ code: 'es', name: 'Español' }], defaultCulture: 'en' };
    expect(culturesResponseSchema.safeParse(body).success).toBe(false);
  });
});
