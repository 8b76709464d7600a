import { allRoutes, type AppName } from '@flexpay/shared-utility/src/pure/routes';

/**
 * The single-spa applications that own routes, read from the route table (each once, in table order): a
 * route given to a new app registers it, with no second list to keep in step. The navbar is not one of them.
 */
export function routeApps(): AppName[] {
  return [...new Set(allRoutes().flatMap((route) => (route.app ? [route.app] : [])))];
}
