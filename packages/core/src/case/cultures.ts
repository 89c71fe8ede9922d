import { z } from 'zod';
import { cultureCodeSchema } from '../culture-code';
import type { CaseDefinition } from './case-schema';

/**
 * The cultures a claimant can read the site in, as the case lists them: the answers of
 * GET /api/cultures and GET /api/culture/content.
 */

export const cultureContentResponseSchema = z.array(
  z.object({ key: z.string().min(1), value: z.string() }),
);
export type CultureContentResponse = z.infer<typeof cultureContentResponseSchema>;

// The enabled cultures, in the order the language selector lists them.
export const culturesResponseSchema = z
  .object({
    cultures: z
      .array(
        z.object({
          code: cultureCodeSchema,
          /** The language's own name, e.g. English, Español. */
          name: z.string().min(1),
        }),
      )
      .min(1),
    defaultCulture: cultureCodeSchema,
  })
  .refine((body) => body.cultures.some((culture) => culture.code === body.defaultCulture), {
    message: 'the default culture must be one of the enabled cultures',
    path: ['defaultCulture'],
  });
export type CulturesResponse = z.infer<typeof culturesResponseSchema>;

/** The enabled cultures, default first, then in the order the case lists them. */
export function enabledCultureCodes(caseDef: CaseDefinition): string[] {
  const enabled = Object.entries(caseDef.cultures.enabled)
    .filter(([, culture]) => culture.enabled)
    .map(([code]) => code);
  const defaultCulture = caseDef.cultures.default;
  if (!enabled.includes(defaultCulture)) return enabled;
  return [defaultCulture, ...enabled.filter((code) => code !== defaultCulture)];
}

/** GET /api/cultures. */
export function toCulturesResponse(caseDef: CaseDefinition): CulturesResponse {
  return {
    cultures: enabledCultureCodes(caseDef).map((code) => ({
      code,
      name: (caseDef.cultures.enabled[code] as { name: string }).name,
    })),
    defaultCulture: caseDef.cultures.default,
  };
}

/** GET /api/culture/content for an enabled culture; throws for any other. */
export function toCultureContent(caseDef: CaseDefinition, culture: string): CultureContentResponse {
  const enabled = enabledCultureCodes(caseDef);
  const content = enabled.includes(culture) ? caseDef.content[culture] : undefined;
  if (content === undefined) {
    throw new Error(`culture "${culture}" is not enabled; expected one of ${enabled.join(', ')}`);
  }
  return Object.entries(content).map(([key, value]) => ({ key, value }));
}
