import { createMicroApp, notReadyRoutes } from '@flexpay/shared-utility';
import { screenRoutes } from '@flexpay/shared-utility/kit';
import { SCREENS } from './screens';

export const { bootstrap, mount, unmount } = createMicroApp({
  name: 'people-app',
  routes: [...screenRoutes(SCREENS), ...notReadyRoutes('people-app', SCREENS.map((s) => s.route))],
});
