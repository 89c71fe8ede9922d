import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';

/**
 * Whether an e-mail domain belongs to a disposable-address service (the DISPOSABLE_EMAIL
 * signal), by the list in apps/server/data/disposable-domains.txt: the domains of the npm
 * package mailchecker, in lower case, one a line, sorted byte by byte, after a header of `#`
 * lines naming mailchecker's version. Administrators and courts can read there exactly which
 * domains count; `npm run update-disposable-domains --workspace @claims/server`
 * (scripts/update-disposable-domains.ts) writes it again from the installed mailchecker.
 *
 * The list is read here rather than from mailchecker at run time because of memory:
 * mailchecker's source holds its ~56,000 domains as one array literal made into a Set, and
 * requiring it keeps about 12 MB more resident (RSS after a full collection) for as long as the
 * server runs, against about 1.2 MB for the same domains kept as this file's one string (8 MB
 * against under 1 MB in a process that has already loaded the server's configuration). The file
 * is read once, on the first lookup, and each name is found by binary search over its lines
 * (about 20 string comparisons): about 2 µs for a common domain (`gmail.com`, then `com`), once
 * per claim filed. No cache of recent answers is kept: it would answer in a hundredth of that,
 * a saving no filing would notice.
 *
 * A domain is disposable when it or any domain it is under is listed, as mailchecker decides:
 * `a.b.mailinator.com` is looked up as `a.b.mailinator.com`, `b.mailinator.com`,
 * `mailinator.com` and `com`. Upper and lower case are the same.
 *
 * The file is found from the repository root (config.ts's REPO_ROOT), which is the same whether
 * the server runs from src/ with tsx or as the bundle in apps/server/dist/.
 */
export const DISPOSABLE_DOMAINS_FILE = path.join(
  REPO_ROOT,
  'apps',
  'server',
  'data',
  'disposable-domains.txt',
);

/** The file's text, and where its first domain starts (after the header). */
interface DomainList {
  text: string;
  start: number;
}

let loaded: DomainList | undefined;

function domainList(): DomainList {
  if (loaded === undefined) {
    const text = readFileSync(DISPOSABLE_DOMAINS_FILE, 'utf8');
    let start = 0;
    while (text.startsWith('#', start)) {
      const end = text.indexOf('\n', start);
      start = end === -1 ? text.length : end + 1;
    }
    loaded = { text, start };
  }
  return loaded;
}

const NEWLINE = 0x0a;

/** Whether the domain is one of the list's lines: binary search over the sorted lines. */
function listed({ text, start }: DomainList, domain: string): boolean {
  // [low, high): low is always the start of a line, high the start of a line or the text's end.
  let low = start;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    // Back to the start of the line holding the middle: lines are short, and a loop over
    // charCodeAt is faster here than lastIndexOf.
    let lineStart = middle;
    while (lineStart > low && text.charCodeAt(lineStart - 1) !== NEWLINE) lineStart--;
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (line === domain) return true;
    if (line < domain) low = lineEnd + 1;
    else high = lineStart;
  }
  return false;
}

/** Whether the domain, or a domain it is under, is a disposable-address service's. */
export function isDisposableDomain(domain: string): boolean {
  const list = domainList();
  let current = domain.toLowerCase();
  while (current !== '') {
    if (listed(list, current)) return true;
    const dot = current.indexOf('.');
    if (dot === -1) return false;
    current = current.slice(dot + 1);
  }
  return false;
}
