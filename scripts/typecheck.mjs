// Type-checks every workspace, two at a time: each check is one single-threaded tsc, and
// `npm test` runs them on two cores. Each workspace's output is printed whole once it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';

const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url)));
const parallel = Math.max(1, Math.min(2, availableParallelism()));

function check(workspace) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'typecheck', '--if-present', '--workspace', workspace], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(
        `\n# ${workspace}: ${code === 0 ? 'ok' : `failed (${code})`}\n${output}`,
      );
      resolve(code === 0);
    });
  });
}

const queue = [...workspaces];
const results = await Promise.all(
  Array.from({ length: parallel }, async () => {
    let ok = true;
    for (let next = queue.shift(); next !== undefined; next = queue.shift())
      ok = (await check(next)) && ok;
    return ok;
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
