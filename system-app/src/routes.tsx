import type { RouteObject } from 'react-router-dom';
import { notReadyRoutes } from '@flexpay/shared-utility';
import { screenRoutes } from '@flexpay/shared-utility/kit';
import { NotFoundPage } from './not-found/not-found-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { HelpPage } from './help/help-page';
import { EditAdminPage } from './edit-admin/edit-admin-page';
import { EntInfoPage, MerchantInfoPage } from './org-info/org-info-page';
import { OpsAppsPage } from './ops/apps-page';
import { SCREENS } from './screens';
import { GuideCard } from './guide/guide-card';
import { GUIDE_STEPS } from './guide/guide-logic';

/** The first-time guide's card above the page a step leads to (issue 22 item 9); the dashboard renders its own. */
const GUIDE_PAGES = new Set(GUIDE_STEPS.map((s) => s.page));
const withGuide = (route: RouteObject): RouteObject =>
  route.path && GUIDE_PAGES.has(route.path)
    ? {
        ...route,
        element: (
          <>
            <div className="fp-guide-slot">
              <GuideCard path={route.path} />
            </div>
            {route.element}
          </>
        ),
      }
    : route;

/**
 * The screens system-app has shipped; its other routes of the shared table show 功能即将上线. The sign-in
 * pages (/login, /forgetPassword, /contactUs) are the import-map module @flexpay/login (src/login, issue 24).
 */
const builtRoutes: RouteObject[] = [
  { path: '/404', element: <NotFoundPage /> },
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/help', element: <HelpPage /> },
  { path: '/editAdmin', element: <EditAdminPage /> },
  { path: '/merchantInfo', element: <MerchantInfoPage /> },
  { path: '/entInfo', element: <EntInfoPage /> },
  { path: '/ops/apps', element: <OpsAppsPage /> },
  ...screenRoutes(SCREENS),
];

export const systemRoutes: RouteObject[] = [
  ...builtRoutes.map(withGuide),
  ...notReadyRoutes(
    'system-app',
    builtRoutes.map((route) => route.path!),
  ),
];
