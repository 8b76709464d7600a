import path from 'node:path';
import { describeAppScreens } from '../../shared-utility/test/support/app-screens';

describeAppScreens('system-app', path.join(__dirname, '..', 'src'), {
  // system-app's own pages (routes.tsx), written by hand rather than declared over an entity.
  pages: ['/404', '/dashboard', '/editAdmin', '/help', '/merchantInfo', '/entInfo', '/ops/apps'],
});
