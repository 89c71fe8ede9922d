import type {
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import type { z } from 'zod';

/**
 * Routes declare their schemas with the zod schemas of packages/core's API contract, so the
 * server checks requests and answers with the very schemas the browser's API client uses.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export type ZodPlugin<Options extends FastifyPluginOptions = Record<never, never>> =
  FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>;

function isZodSchema(schema: unknown): schema is z.ZodType {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    typeof (schema as { safeParse?: unknown }).safeParse === 'function'
  );
}

/** 'credentials.lastName: expected string' style text of a zod error, at most five issues. */
export function describeZodError(error: z.ZodError, prefix?: string): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter((part) => part !== undefined);
    return path.length === 0 ? issue.message : `${path.join('.')}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? `; and ${error.issues.length - 5} more` : '';
  return issues.join('; ') + more;
}

export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isZodSchema(schema)) {
    throw new Error(`route ${httpPart ?? ''} schema must be a zod schema`);
  }
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const part = httpPart === 'querystring' ? 'query' : httpPart;
    return { error: new Error(describeZodError(result.error, part)) };
  };
};

/**
 * Answers are checked against their schema before they leave: an answer outside the
 * contract is a server bug and becomes a 500 rather than a surprise for the browser.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, url }) => {
  if (!isZodSchema(schema)) {
    throw new Error(`route ${url} response schema must be a zod schema`);
  }
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new Error(`answer of ${url} breaks its schema: ${describeZodError(result.error)}`);
    }
    return JSON.stringify(result.data);
  };
};
