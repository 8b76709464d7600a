/** tasks-app routes of the shared table that show 功能即将上线 until their screen files exist. */
export const STILL_TO_COME: readonly string[] = [
  '/task/userPackage',
  '/task/userPackage1/:reviewStatus?',
  '/task/userPackage2/:reviewStatus?/:pkgStatus?',
  '/task/userPackage3',
  '/task/userPackage4/:reviewStatus?',
  '/task/userPackage5',
  '/task/orderDetail2/:packageCode?',
];
