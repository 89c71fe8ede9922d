import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { readyForFirstRender } from './app/first-render';
import { createAppRouter } from './app/router';
import { startUp } from './app/start-up';
import { closeReturnedLoginWindow } from './features/forms/paypal-login-window';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element to mount the site in');

// The Log in with PayPal window, sent back by PayPal, tells the claim's window and closes.
if (!closeReturnedLoginWindow()) {
  void startUp({
    async mount() {
      const router = createAppRouter();
      await readyForFirstRender(router);
      // The first render replaces whatever index.html came with in the root: a page snapshot
      // (docs/behaviour.md#page-snapshots) or nothing.
      createRoot(container).render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      );
    },
  });
}
