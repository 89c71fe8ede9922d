import type { z } from 'zod';

/**
 * The query an address asks for, read with the contract's schema: each parameter the schema
 * refuses is left at its default, so a hand-edited address still opens the page.
 */
export function queryFromSearchParams<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  search: URLSearchParams,
): z.infer<z.ZodObject<Shape>> {
  const query: Record<string, unknown> = schema.parse({});
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = search.get(key);
    if (value === null) continue;
    const parsed = (field as z.ZodType).safeParse(value);
    if (parsed.success) query[key] = parsed.data;
  }
  return query as z.infer<z.ZodObject<Shape>>;
}
