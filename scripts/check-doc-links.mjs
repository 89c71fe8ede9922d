#!/usr/bin/env node
/**
 * Checks that every citation of the repository's documentation resolves: each
 * `docs/<file>.md` and `docs/<file>.md#<anchor>` in the repository's source and documentation
 * files names a file of docs/ and, with an anchor, an anchor of that file (an explicit
 * `<a id="…">` or a heading). Links between the files of docs/ are checked the same way. The
 * specification and design documents the code once cited live outside the repository, so a
 * citation of either by name fails too.
 *
 *   node scripts/check-doc-links.mjs
 *
 * Prints one line when everything resolves; otherwise every problem with its file and line,
 * and exits with status 1.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|yaml|yml|css|html)$/;

/** Tracked files and new ones not ignored, as git lists them; deleted ones left out. */
function repositoryFiles() {
  const output = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(output.split('\0'))]
    .filter((file) => SCANNED.test(file) && fs.existsSync(path.join(ROOT, file)))
    .sort();
}

/** GitHub's slug of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .replace(/<[^>]*>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file: explicit ids and names, and its headings' slugs. */
function anchorsOf(text) {
  const anchors = new Set();
  for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  const seen = new Map();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const docsCache = new Map();
/** The anchors of docs/<name>, or null when there is no such file. */
function docAnchors(name) {
  if (!docsCache.has(name)) {
    const full = path.join(ROOT, 'docs', name);
    docsCache.set(name, fs.existsSync(full) ? anchorsOf(fs.readFileSync(full, 'utf8')) : null);
  }
  return docsCache.get(name);
}

/** A citation of docs/, also as a relative link (`../../docs/…`), never `apps/docs/…`. */
const CITATION = /(?<![\w/.-])(?:\.\.?\/)*docs\/([\w.-]+\.md)(?:#([\w-]+))?/g;
/** Links between the files of docs/: to another file, to an anchor, or to both. */
const DOCS_LINK = /\]\(((?:\.\/)?[\w.-]+\.md)?(?:#([\w-]+))?\)/g;
const OUTSIDE_DOCUMENTS = /\b(?:SPEC|DESIGN)\.md\b/g;

const problems = [];
let citations = 0;
const citingFiles = new Set();

function check(file, lineNumber, docName, anchor, shown) {
  citations += 1;
  citingFiles.add(file);
  const anchors = docAnchors(docName);
  if (anchors === null) {
    problems.push(`${file}:${lineNumber}: ${shown}: docs/${docName} does not exist`);
  } else if (anchor !== undefined && !anchors.has(anchor)) {
    problems.push(`${file}:${lineNumber}: ${shown}: docs/${docName} has no anchor "${anchor}"`);
  }
}

const files = repositoryFiles();
for (const file of files) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const inDocs = file.startsWith('docs/') && file.endsWith('.md');
  text.split('\n').forEach((line, index) => {
    const lineNumber = index + 1;
    for (const m of line.matchAll(CITATION)) check(file, lineNumber, m[1], m[2], m[0]);
    if (inDocs) {
      for (const m of line.matchAll(DOCS_LINK)) {
        if (m[1] === undefined && m[2] === undefined) continue;
        const target = m[1] === undefined ? path.basename(file) : m[1].replace(/^\.\//, '');
        check(file, lineNumber, target, m[2], m[0].slice(1));
      }
    }
    for (const m of line.matchAll(OUTSIDE_DOCUMENTS)) {
      const where = `${file}:${lineNumber}`;
      problems.push(`${where}: cites ${m[0]}, which the repository does not ship; cite docs/`);
    }
  });
}

const documents = [...docsCache.entries()].filter(([, anchors]) => anchors !== null).length;
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `check-doc-links: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ` +
      `${files.length} files (${citations} citations of docs/).`,
  );
  process.exitCode = 1;
} else {
  console.log(
    `check-doc-links: ${citations} citations of ${documents} documents in ${citingFiles.size} ` +
      `files resolve; ${files.length} files scanned.`,
  );
}
