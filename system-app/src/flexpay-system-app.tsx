import { createMicroApp } from '@flexpay/shared-utility';
import { systemRoutes } from './routes';

export const { bootstrap, mount, unmount } = createMicroApp({ name: 'system-app', routes: systemRoutes });
