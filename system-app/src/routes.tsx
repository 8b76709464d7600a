import type { RouteObject } from 'react-router-dom';
import { LoginPage } from './login/login-page';
import { NotFoundPage } from './not-found/not-found-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { HelpPage } from './help/help-page';

/**
 * The routes system-app renders today (CONTRACT.md gives it more prefixes: /admin/*, /merchantInfo,
 * /entInfo, /editAdmin, /client/*, /notice, /agreement are registered when they are built).
 */
export const systemRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/forgetPassword', element: <LoginPage /> },
  { path: '/contactUs', element: <LoginPage /> },
  { path: '/404', element: <NotFoundPage /> },
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/help', element: <HelpPage /> },
];
