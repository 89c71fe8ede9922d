import { createInterface } from 'node:readline';
import type { CliIo } from './admin-cli';

/** Reads a line from the terminal without showing what is typed. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const output = process.stderr;
    const reader = createInterface({ input: process.stdin, output, terminal: true });
    // Everything readline echoes after the question is dropped.
    const write = output.write.bind(output);
    let asked = false;
    (reader as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
      if (!asked) write(text);
    };
    reader.question(question, (answer) => {
      write('\n');
      reader.close();
      resolve(answer);
    });
    asked = true;
    reader.on('SIGINT', () => {
      reader.close();
      reject(new Error('cancelled'));
    });
  });
}

async function readAll(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The process's own standard streams, asking on the terminal when there is one. */
export function terminalIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    readStdin: readAll,
    ...(process.stdin.isTTY ? { promptPassword: promptHidden } : {}),
    // Rewrites one line: the progress of an import or export.
    ...(process.stderr.isTTY
      ? { progress: (line: string) => process.stderr.write(`\r\x1b[2K${line}`) }
      : {}),
  };
}
