import { createMicroApp, notReadyRoutes } from '@flexpay/shared-utility';

export const { bootstrap, mount, unmount } = createMicroApp({ name: 'finance-app', routes: notReadyRoutes('finance-app') });
