import { createMicroApp } from '@flexpay/shared-utility';
import { peopleRoutes } from './routes';

export const { bootstrap, mount, unmount } = createMicroApp({ name: 'people-app', routes: peopleRoutes });
