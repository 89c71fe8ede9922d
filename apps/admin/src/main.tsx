import 'bootstrap/dist/css/bootstrap.min.css';
import './app/console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createConsoleRouter } from './app/router';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element to mount the console in');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createConsoleRouter()} />
  </StrictMode>,
);
