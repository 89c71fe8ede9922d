import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildSizes, entryAssets, heaviestRoute, type RouteSizes } from './web-sizes';

describe('entryAssets', () => {
  it('finds the module script, the preloads and the stylesheets index.html loads', () => {
    const html = `<head>
      <script type="module" crossorigin src="/app/dist/assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="/app/dist/assets/vendor-b2.js">
      <link rel="stylesheet" crossorigin href="/app/dist/assets/index-c3.css">
      <link rel="icon" href="/app/dist/favicon.svg">
      <script src="https://elsewhere.example/x.js"></script>
    </head>`;
    expect(entryAssets(html)).toEqual([
      '/app/dist/assets/index-a1.js',
      '/app/dist/assets/vendor-b2.js',
      '/app/dist/assets/index-c3.css',
    ]);
  });
});

describe('BuildSizes', () => {
  let dist: string | undefined;
  afterEach(() => {
    if (dist !== undefined) rmSync(dist, { recursive: true, force: true });
  });

  function build(): string {
    dist = mkdtempSync(path.join(tmpdir(), 'bench-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'a.js'), 'console.log("a");'.repeat(100));
    writeFileSync(path.join(dist, 'assets', 'b.js'), 'console.log("b");');
    writeFileSync(path.join(dist, 'assets', 'c.css'), 'body{margin:0}');
    writeFileSync(path.join(dist, 'assets', 'logo.svg'), '<svg/>');
    return dist;
  }

  it('sums JavaScript and CSS apart, and leaves other files out', () => {
    const sizes = new BuildSizes(build()).summarise([
      '/app/dist/assets/a.js',
      '/app/dist/assets/b.js',
      '/app/dist/assets/c.css',
      '/app/dist/assets/logo.svg',
    ]);
    expect(sizes.js.raw).toBe(1700 + 17);
    expect(sizes.css.raw).toBe(14);
    expect(sizes.jsFiles).toHaveLength(2);
  });

  it('counts a file requested twice once', () => {
    const sizes = new BuildSizes(build()).summarise([
      '/app/dist/assets/b.js',
      '/app/dist/assets/b.js',
    ]);
    expect(sizes.js.raw).toBe(17);
  });

  it('measures gzip at level 9', () => {
    const dir = build();
    const sizes = new BuildSizes(dir).of('/app/dist/assets/a.js');
    expect(sizes.gzip).toBe(
      gzipSync(Buffer.from('console.log("a");'.repeat(100)), { level: 9 }).length,
    );
    expect(sizes.brotli).toBeLessThan(sizes.raw);
  });

  it('refuses a path outside the web build', () => {
    expect(() => new BuildSizes(build()).of('/etc/passwd')).toThrow('is not under /app/dist/');
  });
});

describe('heaviestRoute', () => {
  const route = (name: string, gzip: number): RouteSizes => ({
    route: name,
    finalPath: name,
    sizes: {
      js: { raw: gzip * 3, gzip, brotli: gzip },
      css: { raw: 0, gzip: 0, brotli: 0 },
      jsFiles: [],
      cssFiles: [],
    },
  });

  it('is the route with the most gzipped JavaScript', () => {
    expect(heaviestRoute([route('/a', 10), route('/b', 30), route('/c', 20)]).route).toBe('/b');
  });
});
