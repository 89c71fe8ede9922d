import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// The machine running the tests may be busy: a page gets a few seconds to show what is awaited.
configure({ asyncUtilTimeout: 5000 });

// axe-core measures icon fonts on a canvas, which jsdom does not draw; it copes with none.
HTMLCanvasElement.prototype.getContext = (() =>
  null) as unknown as typeof HTMLCanvasElement.prototype.getContext;

afterEach(() => {
  cleanup();
});

// The router loads each page's module with its route; loading them once first keeps every
// test's wait on the page itself.
beforeAll(async () => {
  await Promise.all([
    import('./src/features/sign-in/sign-in-page'),
    import('./src/features/queue/queue-page'),
    import('./src/features/claim/claim-page'),
    import('./src/features/audit/audit-page'),
  ]);
});
