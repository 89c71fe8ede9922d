import type { CaseSettingsResponse, MeResponse } from '@claims/core/admin/admin-api';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ADMIN_BASENAME, consoleRoutes } from '../app/router';
import { clearCsrf } from '../lib/api-client';
import { sessionStore } from '../lib/session-store';

/**
 * Renders the console at a path (without /admin). With `me`, the administrator is already
 * signed in, as after the sign-in page; without it, the layout asks the server.
 */
export function renderConsole(
  path: string,
  signedIn?: { me: MeResponse; caseSettings?: CaseSettingsResponse },
) {
  clearCsrf();
  sessionStore.clear();
  if (signedIn !== undefined) {
    sessionStore.signedIn(signedIn.me);
    if (signedIn.caseSettings !== undefined) sessionStore.setCaseSettings(signedIn.caseSettings);
  }
  const router = createMemoryRouter(consoleRoutes(), {
    basename: ADMIN_BASENAME,
    initialEntries: [`${ADMIN_BASENAME}${path}`],
  });
  render(<RouterProvider router={router} />);
  return router;
}
