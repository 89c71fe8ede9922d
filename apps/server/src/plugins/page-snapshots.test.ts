import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_INDEX_HTML } from '../test/snapshot-index';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';

// A build of the web app with a snapshot renderer beside it (docs/behaviour.md#page-snapshots):
// the renderer shows what it was asked for, gives no page for /automotive and fails on /lookup.
const RENDERER = `
export async function renderPageSnapshot({ path, culture, answers }) {
  if (path.startsWith('/automotive')) return null;
  if (path === '/lookup') throw new Error('the lookup page broke');
  const title = answers.content.find((item) => item.key === 'LocKey_Standard_Landing_Title');
  return '<main><h1>' + title.value + '</h1><p>' + path + ' in ' + culture + ', ' + answers.site.theme + '</p></main>';
}
`;
const STYLESHEET = 'assets/jnd-7-0-default-4f2a9c.css';

/** The filing deadline of the demo case: 12/31/2036, Pacific time. */
const BEFORE_DEADLINE = new Date('2030-01-01T00:00:00Z');
const AFTER_DEADLINE = new Date('2037-01-02T00:00:00Z');

let folder: string;
let clock = BEFORE_DEADLINE;
let site: TestApp;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'claims-web-'));
  const dist = path.join(folder, 'dist');
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), SNAPSHOT_INDEX_HTML);
  await writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/features/themes/jnd-7-0-default.css': {
        file: STYLESHEET,
        src: 'src/features/themes/jnd-7-0-default.css',
      },
    }),
  );
  await mkdir(path.join(folder, 'dist-snapshot'));
  await writeFile(path.join(folder, 'dist-snapshot', 'snapshot.js'), RENDERER);
  site = await startTestApp({ env: { WEB_DIST: dist }, now: () => clock });
});
afterAll(async () => {
  await site.close();
  await rm(folder, { recursive: true, force: true });
});

const get = (url: string) => new TestClient(site.app).get(url);

/** The page at the address, once the snapshots have been rendered. */
async function renderedPage(url: string): Promise<string> {
  await expect
    .poll(async () => (await get('/standard')).body, { timeout: 20_000, interval: 100 })
    .toContain('inert');
  return (await get(url)).body;
}

describe('page snapshots', () => {
  it("sends a landing page with its snapshot in an inert root, its theme's stylesheet and its language", async () => {
    const page = await renderedPage('/standard');
    expect(page).toContain(
      '<div id="root" inert><main><h1>File a Claim with Your Notice ID</h1><p>/standard in en, jnd-7-0-default</p></main></div>',
    );
    expect(page).toContain(`<link rel="stylesheet" crossorigin href="/app/dist/${STYLESHEET}">`);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('class="page-load page-load--snapshot"');
  });

  it('sends the snapshot in the culture the address names', async () => {
    const page = await renderedPage('/standard?culture=es');
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('<p>/standard?culture=es in es, jnd-7-0-default</p>');
    expect(page).toContain('Presente un reclamo con su número de aviso');
  });

  it.each([
    ['a page after the landing page', '/standard/claimant-info'],
    ['an address with another query', '/standard?utm_source=mail'],
    ['a culture the case does not enable', '/standard?culture=fr'],
    ['a page the renderer shows nothing for', '/automotive'],
    ['a page the renderer failed on', '/lookup'],
  ])('sends index.html as it is for %s', async (_what, url) => {
    await renderedPage('/standard');
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SNAPSHOT_INDEX_HTML);
  });

  it("sends index.html as it is once the page's filing deadline has passed", async () => {
    await renderedPage('/standard');
    clock = AFTER_DEADLINE;
    try {
      expect((await get('/standard')).body).toBe(SNAPSHOT_INDEX_HTML);
      expect((await get('/')).body).toBe(SNAPSHOT_INDEX_HTML);
    } finally {
      clock = BEFORE_DEADLINE;
    }
  });
});
