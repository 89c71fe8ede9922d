import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  PAGE_SNAPSHOT_EXPORT,
  type PageSnapshotRequest,
  type StartUpAnswers,
} from '@claims/core/contract/page-snapshot';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Page snapshots (docs/behaviour.md#page-snapshots): the landing pages as the site's first
 * render shows them, rendered by the web app's own snapshot renderer (apps/web/src/snapshot.tsx,
 * built into dist-snapshot/ beside the web app's build) and sent inside index.html, so the
 * page paints before the site's script has run.
 *
 * The case is fixed for the life of the server, so every snapshot is rendered once, all
 * together, in a child process that then exits: React's server renderer and the site's
 * components are not kept in the server's memory.
 */

/** A page to render: its address as the browser has it, and the culture it shows in. */
export interface SnapshotPage {
  /** The path and, when the address names the culture, its query (`/standard?culture=es`). */
  address: string;
  culture: string;
}

/** The renderer's build beside the web app's: apps/web/dist → apps/web/dist-snapshot. */
export function snapshotRendererOf(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-snapshot', 'snapshot.js');
}

/** What a snapshot needs of index.html to be placed in it. */
const ROOT_ELEMENT = '<div id="root"></div>';
const PAGE_LOAD_CLASS = 'class="page-load"';
const HTML_ELEMENT = /<html lang="[^"]*">/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * index.html with a page's snapshot in its root element: the root is inert until the site has
 * replaced the snapshot with its own render; the page's stylesheets load with the document; the
 * spinner is drawn no more, only announced; the document's language is the page's. The
 * modules the site's script imports are no longer preloaded: the first paint now waits for the
 * stylesheets alone, and on a slow network the preloads would take bandwidth from them (the
 * script still loads them as soon as it runs). Null when index.html lacks one of the places a
 * snapshot goes in.
 */
export function snapshotDocument(
  index: string,
  snapshot: { markup: string; culture: string; stylesheets: readonly string[] },
): string | null {
  if (!index.includes(ROOT_ELEMENT) || !index.includes(PAGE_LOAD_CLASS)) return null;
  if (!HTML_ELEMENT.test(index) || !index.includes('</head>')) return null;
  const links = snapshot.stylesheets
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
  return index
    .replace(HTML_ELEMENT, `<html lang="${snapshot.culture}">`)
    .replace('</head>', `${links}</head>`)
    .replace(PAGE_LOAD_CLASS, 'class="page-load page-load--snapshot"')
    .replace(MODULE_PRELOADS, '')
    .replace(ROOT_ELEMENT, () => `<div id="root" inert>${snapshot.markup}</div>`);
}

/**
 * The stylesheet the web app's build wrote for a theme, as its address under `assetPrefix`,
 * from the build's manifest (dist/.vite/manifest.json, keyed by source file).
 */
export async function themeStylesheetOf(
  webDist: string,
  assetPrefix: string,
  theme: string,
): Promise<string | undefined> {
  const manifest = JSON.parse(
    await readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file?: string } | undefined>;
  const file = manifest[`src/features/themes/${theme}.css`]?.file;
  return file === undefined ? undefined : `${assetPrefix}${file}`;
}

type RenderOutcome = { markup: string | null } | { error: string };

/**
 * The child process: takes the pages over its IPC channel, loads the renderer, renders each page
 * in turn and sends the outcomes back. A process of its own rather than a worker thread, so all
 * the memory the renderer took goes back to the system when it exits; a page that fails is
 * reported and the others still render.
 */
const RENDER_SCRIPT = `
process.once('message', async ({ rendererUrl, exportName, requests }) => {
  const render = (await import(rendererUrl))[exportName];
  const outcomes = [];
  for (const request of requests) {
    try {
      outcomes.push({ markup: await render(request) });
    } catch (error) {
      outcomes.push({ error: error instanceof Error ? error.stack ?? error.message : String(error) });
    }
  }
  process.send(outcomes, () => process.exit(0));
});
`;

/** The last part of what the child wrote to stderr, to say why it failed. */
const STDERR_KEPT = 4_000;

function renderInChild(
  renderer: string,
  requests: readonly PageSnapshotRequest[],
  signal: AbortSignal,
): Promise<RenderOutcome[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=commonjs', '--eval', RENDER_SCRIPT], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      signal,
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    let outcomes: RenderOutcome[] | undefined;
    child.once('message', (message) => {
      outcomes = message as RenderOutcome[];
    });
    child.once('error', reject);
    child.once('exit', (code, exitSignal) => {
      if (outcomes !== undefined) resolve(outcomes);
      else {
        reject(
          new Error(
            `the page snapshot renderer stopped (${exitSignal ?? `code ${code}`}) before it answered: ${stderr.trim()}`,
          ),
        );
      }
    });
    child.send({
      rendererUrl: pathToFileURL(renderer).href,
      exportName: PAGE_SNAPSHOT_EXPORT,
      requests,
    });
  });
}

export interface PageSnapshotsOptions {
  /** The renderer's module (snapshotRendererOf). */
  renderer: string;
  pages: readonly SnapshotPage[];
  /** Start-up's answers for a culture, as the API gives them. */
  answers(culture: string): StartUpAnswers;
  log: FastifyBaseLogger;
}

/** The snapshots rendered so far, by address; empty until the renderer has answered. */
export class PageSnapshots {
  private readonly rendered = new Map<string, { markup: string; culture: string }>();
  private readonly stopped = new AbortController();
  private rendering: Promise<void> | undefined;

  constructor(private readonly options: PageSnapshotsOptions) {}

  /** Whether the web app's build has a snapshot renderer. */
  get available(): boolean {
    return existsSync(this.options.renderer);
  }

  /** Renders every page, once; a failure is logged and the site is served without snapshots. */
  render(): Promise<void> {
    this.rendering ??= this.renderAll().catch((error: unknown) => {
      if (this.stopped.signal.aborted) return;
      this.options.log.warn({ err: error }, 'page snapshots were not rendered');
    });
    return this.rendering;
  }

  /** Stops a render still in progress (the server is closing). */
  async stop(): Promise<void> {
    this.stopped.abort();
    await this.rendering;
  }

  /** The snapshot of the page at this address, when it has been rendered and shows there. */
  snapshot(address: string): { markup: string; culture: string } | undefined {
    return this.rendered.get(address);
  }

  private async renderAll(): Promise<void> {
    const { pages, log } = this.options;
    const byCulture = new Map<string, StartUpAnswers>();
    const requests = pages.map((page): PageSnapshotRequest => {
      let answers = byCulture.get(page.culture);
      if (answers === undefined) {
        answers = this.options.answers(page.culture);
        byCulture.set(page.culture, answers);
      }
      return { path: page.address, culture: page.culture, answers };
    });
    const started = performance.now();
    const outcomes = await renderInChild(this.options.renderer, requests, this.stopped.signal);
    outcomes.forEach((outcome, index) => {
      const page = pages[index] as SnapshotPage;
      if ('error' in outcome) {
        log.warn({ page: page.address, error: outcome.error }, 'a page snapshot failed to render');
      } else if (outcome.markup !== null) {
        this.rendered.set(page.address, { markup: outcome.markup, culture: page.culture });
      }
    });
    log.info(
      { pages: this.rendered.size, ms: Math.round(performance.now() - started) },
      'page snapshots rendered',
    );
  }
}
