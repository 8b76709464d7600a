import { allRoutes, appForPath } from '@flexpay/shared-utility/src/pure/routes';
import { routeApps } from '../src/route-apps';

describe('the route-owning applications root-config registers', () => {
  test('each app of the route table once: the login entry and the four suite apps', () => {
    const apps = routeApps();
    expect([...apps].sort()).toEqual(['finance-app', 'login', 'people-app', 'system-app', 'tasks-app']);
    expect(new Set(apps).size).toBe(apps.length);
  });

  test('every routable path is owned by a registered app', () => {
    const apps = new Set(routeApps());
    for (const route of allRoutes()) expect(apps.has(appForPath(route.path.replace(/\/:[^/]+\?/g, '').replace(/:[^/]+/g, '1'))!)).toBe(true);
  });
});
