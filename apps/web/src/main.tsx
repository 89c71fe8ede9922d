import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { startUp } from './app/start-up';
import { closeReturnedLoginWindow } from './features/forms/paypal-login-window';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element to mount the site in');

// The Log in with PayPal window, sent back by PayPal, tells the claim's window and closes.
if (!closeReturnedLoginWindow()) {
  void startUp({
    mount() {
      createRoot(container).render(
        <StrictMode>
          <RouterProvider router={createAppRouter()} />
        </StrictMode>,
      );
    },
  });
}
