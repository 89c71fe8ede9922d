import { DASHBOARD_ENDPOINTS, dashboardResponseSchema } from '@claims/core/admin/dashboard-api';
import type { ZodPlugin } from '../../zod-type-provider';
import { requireAdminAccess } from '../admin-request';
import { dashboardFigures } from './dashboard-figures';

/** GET /admin/api/dashboard: the figures of the console's dashboard, counted as asked. */
const dashboardRoutes: ZodPlugin = async (app) => {
  app.get(
    DASHBOARD_ENDPOINTS.dashboard.path,
    {
      preHandler: requireAdminAccess(DASHBOARD_ENDPOINTS.dashboard.access),
      schema: { response: { 200: dashboardResponseSchema } },
    },
    async () => dashboardFigures(app.db, app.claimsCase, app.now()),
  );
};

export default dashboardRoutes;
