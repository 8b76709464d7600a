import { createMicroApp, notReadyRoutes } from '@flexpay/shared-utility';
import { screenRoutes } from '@flexpay/shared-utility/kit';
import { SCREENS } from './screens';

export const { bootstrap, mount, unmount } = createMicroApp({
  name: 'tasks-app',
  routes: [...screenRoutes(SCREENS), ...notReadyRoutes('tasks-app', SCREENS.map((s) => s.route))],
});
