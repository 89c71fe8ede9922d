import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { startUp } from './app/start-up';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element to mount the site in');

void startUp({
  mount() {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={createAppRouter()} />
      </StrictMode>,
    );
  },
});
