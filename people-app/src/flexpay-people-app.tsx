import { createMicroApp, notReadyRoutes } from '@flexpay/shared-utility';

export const { bootstrap, mount, unmount } = createMicroApp({ name: 'people-app', routes: notReadyRoutes('people-app') });
