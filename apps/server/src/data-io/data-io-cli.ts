import { createWriteStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { CLAIM_FORM_TYPES } from '@claims/core/admin/admin-api';
import {
  exportFiltersSchema,
  IMPORT_MODES,
  type DataJob,
  type ExportKind,
  type ImportKind,
  type ImportMode,
} from '@claims/core/admin/data-io-api';
import type { DataIoContext, DataJobAuthor } from './data-io-context';
import { dataFileName } from './data-file-store';
import { startExport, startImport } from './data-io-service';
import { runDataJob } from './data-job-runner';
import { findDataJob, toDataJob } from './data-jobs';
import { progressLine } from './progress-bar';

/** What the import and export commands write to; `progress` only on a terminal. */
export interface DataIoCliIo {
  out(line: string): void;
  err(line: string): void;
  /** Rewrites the terminal's progress line; absent when the output is not a terminal. */
  progress?: (line: string) => void;
}

/** The case, database and documents the commands work on, and how to let them go. */
export interface DataIoSession {
  context: DataIoContext;
  close(): Promise<void>;
}

export const DATA_IO_HELP = `Imports and exports, run here with a progress line (the console runs them as jobs).

Usage:
  npm run admin -- import class-list <file> [--mode all-or-nothing|valid-only]
  npm run admin -- import vehicles <file> [--mode all-or-nothing|valid-only]
  npm run admin -- import payout-results <file> [--mode all-or-nothing|valid-only]
  npm run admin -- export claims --format csv|jsonl [filters] [--culture <code>] [--out <file>]
  npm run admin -- export documents [filters] [--out <file>]

An import checks every row, loads the valid ones (valid-only) or none if one is refused
(all-or-nothing, the default), and writes a report of each refused row.
Filters: --status <list> --form-type <list> --fraud <list> --from <YYYY-MM-DD> --to <YYYY-MM-DD>
(lists are comma-separated: --status approved,paid; form types ${CLAIM_FORM_TYPES.join(', ')}).`;

const CLI_AUTHOR: DataJobAuthor = { email: null, role: null, ipAddress: null };

const IMPORTS: Readonly<Record<string, ImportKind>> = {
  'class-list': 'class-list',
  vehicles: 'vehicle-list',
  'payout-results': 'payout-results',
};

const OPTIONS = {
  mode: { type: 'string' },
  format: { type: 'string' },
  status: { type: 'string' },
  'form-type': { type: 'string' },
  fraud: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  culture: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class DataIoUsageError extends Error {}

function list(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((part) => part.trim());
}

function exportKind(name: string, format: string | undefined): ExportKind {
  if (name === 'documents') return 'documents-zip';
  if (name !== 'claims') throw new DataIoUsageError(`unknown export "${name}"`);
  if (format === 'csv') return 'claims-csv';
  if (format === 'jsonl') return 'claims-jsonl';
  throw new DataIoUsageError('export claims needs --format csv or --format jsonl');
}

function describe(job: DataJob, file: string | null): string[] {
  if (job.state === 'failed') return [`Failed: ${job.error ?? 'unknown error'}`];
  const lines = [`Done: ${job.rowsDone} rows, job ${job.id}.`];
  if (job.mode !== null) {
    lines.push(
      job.applied
        ? `Loaded the valid rows; ${job.rowsRefused} refused.`
        : `Nothing loaded: ${job.rowsRefused} rows refused (all-or-nothing).`,
    );
  }
  if (file !== null) lines.push(`${job.mode !== null ? 'Report' : 'File'}: ${file}`);
  return lines;
}

/** `import …` and `export …`; answers the exit code (0 done, 1 failed or refused, 2 misused). */
export async function runDataIoCli(
  group: 'import' | 'export',
  argv: readonly string[],
  io: DataIoCliIo,
  open: () => Promise<DataIoSession>,
): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${DATA_IO_HELP}`);
    return 2;
  }
  const [name, file] = values.positionals;
  if (values.values.help === true || name === undefined) {
    io.out(DATA_IO_HELP);
    return name === undefined && values.values.help !== true ? 2 : 0;
  }
  let session: DataIoSession | undefined;
  try {
    const options = values.values;
    const start = await plan(group, name, file, options);
    session = await open();
    const { context } = session;
    const enqueueNothing = async () => undefined;
    const job =
      start.kind === 'import'
        ? await startImport(context, enqueueNothing, CLI_AUTHOR, start.request)
        : await startExport(context, enqueueNothing, CLI_AUTHOR, start.request);
    const began = Date.now();
    await runDataJob(context, job.id, (done, total) =>
      io.progress?.(progressLine(done, total, Date.now() - began)),
    );
    io.progress?.('');
    const row = await findDataJob(context.db, job.id);
    if (row === undefined) throw new Error(`job ${job.id} is gone`);
    let output = row.output_file;
    if (output !== null && options.out !== undefined && row.state === 'done') {
      const content = await context.files.openRead(dataFileName(output));
      await pipeline(content, createWriteStream(options.out));
      output = path.resolve(options.out);
    }
    const finished = toDataJob(row);
    for (const line of describe(finished, output)) io.out(line);
    return finished.state === 'done' && (finished.mode === null || finished.applied) ? 0 : 1;
  } catch (error) {
    if (!(error instanceof DataIoUsageError)) throw error;
    io.err(`${error.message}\n\n${DATA_IO_HELP}`);
    return 2;
  } finally {
    await session?.close();
  }
}

type Planned =
  | {
      kind: 'import';
      request: { kind: ImportKind; mode: ImportMode; file: string; fileName: string };
    }
  | {
      kind: 'export';
      request: Parameters<typeof startExport>[3];
    };

async function plan(
  group: 'import' | 'export',
  name: string,
  file: string | undefined,
  options: Record<string, string | boolean | undefined>,
): Promise<Planned> {
  if (group === 'import') {
    const kind = IMPORTS[name];
    if (kind === undefined) throw new DataIoUsageError(`unknown import "${name}"`);
    if (file === undefined) throw new DataIoUsageError(`import ${name} needs the CSV file`);
    const mode = (options.mode ?? 'all-or-nothing') as ImportMode;
    if (!(IMPORT_MODES as readonly string[]).includes(mode)) {
      throw new DataIoUsageError(`--mode is ${IMPORT_MODES.join(' or ')}`);
    }
    const resolved = path.resolve(file);
    await access(resolved).catch(() => {
      throw new DataIoUsageError(`cannot read ${resolved}`);
    });
    return {
      kind: 'import',
      request: { kind, mode, file: resolved, fileName: path.basename(resolved) },
    };
  }
  const filters = exportFiltersSchema.safeParse({
    status: list(options.status as string | undefined),
    formType: list(options['form-type'] as string | undefined),
    fraud: list(options.fraud as string | undefined),
    filedFrom: options.from,
    filedTo: options.to,
  });
  if (!filters.success) {
    throw new DataIoUsageError(
      `a filter is not valid: ${filters.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
    );
  }
  return {
    kind: 'export',
    request: {
      kind: exportKind(name, options.format as string | undefined),
      filters: filters.data,
      ...(typeof options.culture === 'string' ? { culture: options.culture } : {}),
    },
  };
}
