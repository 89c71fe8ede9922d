/**
 * The Web APIs core's sources may use: those that browsers and Node 20 both provide, and only
 * the members core calls. Loaded by tsconfig.json alone, so that a source reaching for anything
 * else of the browser or of Node (document, process, fetch, …) fails the type check. Programs
 * that import core (the apps, core's tests) take these from the DOM library or @types/node.
 */

declare class URL {
  constructor(url: string, base?: string);
  readonly hostname: string;
  readonly password: string;
  readonly protocol: string;
  readonly username: string;
}

declare class URLSearchParams {
  constructor(init?: Readonly<Record<string, string>>);
  toString(): string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

// A var, not a const, so that globalThis.crypto has this type too.
// eslint-disable-next-line no-var
declare var crypto: {
  getRandomValues<T extends Uint8Array>(array: T): T;
};
