/**
 * system-app's declared screen files, one per menu route (folder = menu group). Routes are derived
 * from each file's exported `route`; test/screens.test.ts checks them against the shared route table.
 */
import type { ScreenModule } from '@flexpay/shared-utility/kit';
import * as adminIndex from './admin/index.screen';
import * as adminAuditLog from './admin/auditLog.screen';
import * as agreement from './agreement.screen';
import * as clientIndex from './client/index.screen';
import * as clientCliMercht from './client/cliMercht.screen';
import * as clientCliMerchtEnt from './client/cliMerchtEnt.screen';
import * as mailOutbox from './mailOutbox.screen';
import * as notice from './notice.screen';
import * as smsOutbox from './smsOutbox.screen';

export const SCREENS: ScreenModule[] = [adminIndex, adminAuditLog, agreement, clientIndex, clientCliMercht, clientCliMerchtEnt, mailOutbox, notice, smsOutbox];
