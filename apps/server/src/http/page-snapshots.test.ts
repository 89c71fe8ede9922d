import { describe, expect, it } from 'vitest';
import { SNAPSHOT_INDEX_HTML } from '../test/snapshot-index';
import { snapshotDocument, snapshotRendererOf } from './page-snapshots';

const SNAPSHOT = {
  markup: '<main><h1>Presente</h1></main>',
  culture: 'es',
  stylesheets: ['/a.css'],
};

describe('snapshotDocument', () => {
  it('puts the markup in an inert root', () => {
    expect(snapshotDocument(SNAPSHOT_INDEX_HTML, SNAPSHOT)).toContain(
      '<div id="root" inert><main><h1>Presente</h1></main></div>',
    );
  });

  it("links the page's stylesheets in the head and names its language", () => {
    const page = snapshotDocument(SNAPSHOT_INDEX_HTML, SNAPSHOT) as string;
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/a.css"></head>');
    expect(page).toContain('<html lang="es">');
  });

  it('keeps the spinner only for screen readers', () => {
    expect(snapshotDocument(SNAPSHOT_INDEX_HTML, SNAPSHOT)).toContain(
      '<div id="page-load" class="page-load page-load--snapshot" role="status">',
    );
  });

  it("leaves the script's modules to the script, so the stylesheets load first", () => {
    const index = SNAPSHOT_INDEX_HTML.replace(
      '</head>',
      '<script type="module" src="/a.js"></script>\n<link rel="modulepreload" crossorigin href="/b.js">\n</head>',
    );
    const page = snapshotDocument(index, SNAPSHOT) as string;
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<script type="module" src="/a.js"></script>');
  });

  it('keeps markup that looks like a replacement pattern as it is', () => {
    const markup = "<p>$& and $' and $1</p>";
    expect(snapshotDocument(SNAPSHOT_INDEX_HTML, { ...SNAPSHOT, markup })).toContain(
      `<div id="root" inert>${markup}</div>`,
    );
  });

  it.each([
    [
      'the root element',
      SNAPSHOT_INDEX_HTML.replace('<div id="root"></div>', '<div id="app"></div>'),
    ],
    ['the spinner', SNAPSHOT_INDEX_HTML.replace('class="page-load"', 'class="spinner"')],
    ['the language', SNAPSHOT_INDEX_HTML.replace('<html lang="en">', '<html>')],
    ['the head', SNAPSHOT_INDEX_HTML.replace('</head>', '')],
  ])('gives null for an index.html without %s', (_what, index) => {
    expect(snapshotDocument(index, SNAPSHOT)).toBeNull();
  });
});

describe('snapshotRendererOf', () => {
  it("finds the renderer beside the web app's build", () => {
    expect(snapshotRendererOf('/srv/apps/web/dist')).toBe(
      '/srv/apps/web/dist-snapshot/snapshot.js',
    );
  });
});
