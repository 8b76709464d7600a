import { allRoutes, type AppName } from '../../pure/routes';

/**
 * The route-table check of an app: routes of the table no screen serves (besides those still to
 * come), screens whose route the table does not give to the app, and "still to come" entries that
 * a screen now serves. DOM-free, for each app's unit test.
 */
export function routeCoverage(app: AppName, served: readonly string[], stillToCome: readonly string[]) {
  const owned = allRoutes()
    .filter((r) => r.app === app)
    .map((r) => r.path);
  return {
    unserved: owned.filter((p) => !served.includes(p) && !stillToCome.includes(p)),
    unknown: served.filter((p) => !owned.includes(p)),
    alreadyServed: stillToCome.filter((p) => served.includes(p)),
  };
}
