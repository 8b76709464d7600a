import type { RouteObject } from 'react-router-dom';
import { notReadyRoutes } from '@flexpay/shared-utility';
import { CustImportPage } from './cust/cust-import-page';

/** The screens people-app has shipped; its other routes of the shared table show 功能即将上线. */
const builtRoutes: RouteObject[] = [{ path: '/cust/import', element: <CustImportPage /> }];

export const peopleRoutes: RouteObject[] = [
  ...builtRoutes,
  ...notReadyRoutes(
    'people-app',
    builtRoutes.map((route) => route.path!),
  ),
];
