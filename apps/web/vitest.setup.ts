import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

// jsdom has no layout: scrolling is a no-op here, and no media query matches. (A test of what
// runs on the server, such as src/snapshot.test.tsx, runs with no DOM at all.)
if (typeof window !== 'undefined') {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  cleanup();
});

// Form blocks and imask load lazily in the site (components/ui/lazy-component.tsx) and the router
// preloads what a page shows; the tests render blocks directly, so everything is loaded first.
// Imported here, after the test file's vi.mock calls, so the blocks see the same mocks.
beforeAll(async () => {
  const [{ BLOCKS, preloadBlocks }, { preloadMasks }] = await Promise.all([
    import('./src/features/forms/blocks/registry'),
    import('./src/features/forms/components/masked-input'),
  ]);
  await Promise.all([preloadBlocks(Object.keys(BLOCKS)), preloadMasks()]);
});
