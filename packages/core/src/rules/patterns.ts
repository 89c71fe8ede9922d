const compiled = new Map<string, RegExp>();

/**
 * The pattern as an expression that must match the whole value, as the server's
 * RegularExpression attribute requires ('[0-9]{5}' refuses '123456'). Compiled once per
 * pattern. Throws for a pattern JavaScript cannot compile.
 */
export function wholeValuePattern(pattern: string): RegExp {
  let expression = compiled.get(pattern);
  if (!expression) {
    try {
      expression = new RegExp(`^(?:${pattern})$`);
    } catch (error) {
      throw new Error(`invalid regular expression "${pattern}": ${(error as Error).message}`, {
        cause: error,
      });
    }
    compiled.set(pattern, expression);
  }
  return expression;
}
