import { z } from 'zod';

/** docs/behaviour.md#localisation: the default language. */
export const DEFAULT_CULTURE = 'en';

/**
 * A culture code such as en, es or fr-CA. Only letters, digits and hyphens, so a code
 * survives the query sanitising of the route guards (docs/behaviour.md#route-guards).
 */
export const cultureCodeSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'expected a culture code such as en, es or fr-CA');
export type CultureCode = z.infer<typeof cultureCodeSchema>;
