import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Mailchecker from 'mailchecker';
import { REPO_ROOT } from '../src/config';
import { DISPOSABLE_DOMAINS_FILE } from '../src/fraud/disposable-domains';

/**
 * `npm run update-disposable-domains --workspace @claims/server`: writes
 * data/disposable-domains.txt, the disposable-address domains the fraud screen counts
 * (src/fraud/disposable-domains.ts), from the installed mailchecker's list: two header lines
 * (`#`) naming mailchecker and its version, then the domains in lower case, one a line, sorted
 * byte by byte. Run it after upgrading mailchecker (a devDependency of the server):
 * src/fraud/disposable-domains.test.ts fails until the file matches the installed list.
 */
const requireHere = createRequire(import.meta.url);
// CommonJS whose blacklist() Node's ES module loader does not see as an export: required.
const { blacklist } = requireHere('mailchecker') as typeof Mailchecker;
const { version } = requireHere('mailchecker/package.json') as { version: string };

// Printable ASCII only, none starting with the header's '#': on those, JavaScript's string order
// (which the lookup compares by) is byte order.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

const domains = [...new Set([...blacklist()].map((domain) => domain.toLowerCase()))];
const unusable = domains.filter(
  (domain) => !PRINTABLE_ASCII.test(domain) || domain.startsWith('#'),
);
if (unusable.length > 0) {
  console.error(
    `not written: mailchecker ${version} lists domains the file cannot hold: ${unusable.map((domain) => JSON.stringify(domain)).join(', ')}`,
  );
  process.exit(1);
}
domains.sort();

const header = [
  `# Disposable e-mail domains: the list of the npm package mailchecker ${version}, lower case, sorted byte by byte.`,
  '# Written by `npm run update-disposable-domains --workspace @claims/server`; not edited by hand.',
];
await writeFile(DISPOSABLE_DOMAINS_FILE, `${[...header, ...domains].join('\n')}\n`);
console.log(
  `wrote ${domains.length} domains of mailchecker ${version} to ${path.relative(REPO_ROOT, DISPOSABLE_DOMAINS_FILE)}`,
);
