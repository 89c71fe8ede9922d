import { describe, expect, it } from 'vitest';
import { chunkComposition, chunkName, sourceOrigin } from './bundle-composition';

describe('sourceOrigin', () => {
  it('names a package', () => {
    expect(sourceOrigin('../../node_modules/react-dom/cjs/react-dom.production.js')).toBe(
      'react-dom',
    );
  });

  it('names a scoped package with its scope', () => {
    expect(sourceOrigin('../../node_modules/@fortawesome/fontawesome-svg-core/index.mjs')).toBe(
      '@fortawesome/fontawesome-svg-core',
    );
  });

  it('names a feature folder of the web app', () => {
    expect(sourceOrigin('../src/features/forms/blocks/text-block.tsx')).toBe('src/features/forms');
  });

  it('names a folder of packages/core', () => {
    expect(sourceOrigin('../../../packages/core/src/rules/engine.ts')).toBe(
      'packages/core/src/rules',
    );
  });
});

describe('chunkComposition', () => {
  it('gives each source the bytes of the code that maps to it', () => {
    // "aaaabb": columns 0–3 from a.js, 4–5 from node_modules/b/index.js.
    const map = {
      version: '3',
      file: 'out.js',
      sources: ['src/app/a.js', 'node_modules/b/index.js'],
      names: [],
      mappings: 'AAAA,ICAA',
    };
    expect(chunkComposition('aaaabb', map)).toEqual([
      { origin: 'src/app', bytes: 4 },
      { origin: 'b', bytes: 2 },
    ]);
  });
});

describe('chunkName', () => {
  it('drops the content hash', () => {
    expect(chunkName('/app/dist/assets/form-page-D4RZhh5p.js')).toBe('form-page');
  });
});
