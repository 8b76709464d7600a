import { createMicroApp, notReadyRoutes } from '@flexpay/shared-utility';

export const { bootstrap, mount, unmount } = createMicroApp({ name: 'tasks-app', routes: notReadyRoutes('tasks-app') });
