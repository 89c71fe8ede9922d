#!/usr/bin/env node
/**
 * Runs each workspace's test script in turn (the order of package.json's workspaces), goes on
 * after a failure as `npm run test --workspaces` does, and ends with a summary on stdout: each
 * suite with its time and result and, for a suite that failed, the lines that name what failed.
 *
 * Why our own runner rather than `npm run test --workspaces`: npm reports a failed workspace
 * only on stderr, before the later suites' output, so the end of a CI log showed the browser
 * tests passing and not which suite had failed. The summary puts that at the end.
 */
import { spawn } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

/** Lines worth repeating for a failed suite: vitest's failures, errors and its totals. */
const FAILURE_LINE =
  /(^\s*(FAIL|×|✗|❯)\s)|(Test Files\s)|(^\s*Tests\s)|(Error:)|(error TS\d+)|(Unhandled)|(Timed out)|(timed out)/;
const MAX_FAILURE_LINES = 40;
const TAIL_LINES = 15;

// eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters
const stripAnsi = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

function runSuite(workspace) {
  return new Promise((resolve) => {
    const started = Date.now();
    const failureLines = [];
    const tail = [];
    let partial = '';
    const child = spawn('npm', ['run', 'test', '--workspace', workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk, stream) => {
      stream.write(chunk);
      const lines = (partial + stripAnsi(chunk.toString('utf8'))).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('npm warn')) continue;
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        if (FAILURE_LINE.test(line) && failureLines.length < MAX_FAILURE_LINES)
          failureLines.push(line);
      }
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (code, signal) => {
      resolve({
        workspace,
        ok: code === 0,
        exit: signal ?? String(code),
        seconds: Math.round((Date.now() - started) / 1000),
        failureLines,
        tail,
      });
    });
  });
}

const results = [];
for (const workspace of workspaces) {
  const manifestPath = join(root, workspace, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.scripts?.test === undefined) continue;
  results.push(await runSuite(workspace));
}

// The details first and the table last, so that the end of a long log still names each suite.
const out = [];
for (const r of results.filter((s) => !s.ok)) {
  out.push('', `── What failed in ${r.workspace} ──`, ...r.failureLines);
  out.push(`── The last lines of ${r.workspace} ──`, ...r.tail);
}
out.push('', '── Test summary ──');
for (const r of results) {
  out.push(
    `${r.ok ? 'passed' : 'FAILED'}  ${r.workspace}  (${r.seconds} s${r.ok ? '' : `, exit ${r.exit}`})`,
  );
}
process.stdout.write(out.join('\n') + '\n');
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
