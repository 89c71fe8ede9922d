import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Mailchecker from 'mailchecker';
import { describe, expect, it } from 'vitest';
import { DISPOSABLE_DOMAINS_FILE, isDisposableDomain } from './disposable-domains';

const requireHere = createRequire(import.meta.url);
// CommonJS whose blacklist() Node's ES module loader does not see as an export: required.
const { blacklist } = requireHere('mailchecker') as typeof Mailchecker;
const { version } = requireHere('mailchecker/package.json') as { version: string };

const UPDATE = 'run `npm run update-disposable-domains --workspace @claims/server`';

// The header's `#` lines, then one domain a line, each ended by a newline.
const lines = readFileSync(DISPOSABLE_DOMAINS_FILE, 'utf8').split('\n');
const headerLength = lines.findIndex((line) => !line.startsWith('#'));
const header = lines.slice(0, headerLength);
const domains = lines.slice(headerLength, -1);
const first = domains[0] ?? '';
const last = domains.at(-1) ?? '';

describe('data/disposable-domains.txt', () => {
  it(`holds exactly the installed mailchecker's domains, in lower case (after upgrading mailchecker, ${UPDATE})`, () => {
    const installed = new Set([...blacklist()].map((domain) => domain.toLowerCase()));
    const listed = new Set(domains);
    const missing = [...installed].filter((domain) => !listed.has(domain));
    const extra = domains.filter((domain) => !installed.has(domain));
    expect({ missing, extra }, UPDATE).toEqual({ missing: [], extra: [] });
  });

  it('lists its domains once each, sorted byte by byte', () => {
    const sorted = [...new Set(domains)].sort((a, b) =>
      Buffer.compare(Buffer.from(a), Buffer.from(b)),
    );
    expect(domains, UPDATE).toEqual(sorted);
  });

  it(`names the installed mailchecker version in its header (after upgrading mailchecker, ${UPDATE})`, () => {
    expect(header[0], UPDATE).toContain(`mailchecker ${version},`);
  });
});

describe('isDisposableDomain', () => {
  it('counts a listed domain as disposable', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
  });

  it('counts a domain under a listed domain as disposable', () => {
    expect(isDisposableDomain('a.b.mailinator.com')).toBe(true);
  });

  it('does not count an ordinary domain as disposable', () => {
    expect(domains).not.toContain('example.com');
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(isDisposableDomain('example.com')).toBe(false);
  });

  it('ignores upper and lower case', () => {
    expect(isDisposableDomain('MailInator.COM')).toBe(true);
  });

  it("finds the list's first and last domains", () => {
    expect(isDisposableDomain(first)).toBe(true);
    expect(isDisposableDomain(last)).toBe(true);
  });

  it("does not count a domain sorting before the list's first or after its last", () => {
    expect('0' < first && '~' > last).toBe(true);
    expect(isDisposableDomain('0')).toBe(false);
    expect(isDisposableDomain('~')).toBe(false);
  });
});
