import path from 'node:path';
import { describeAppScreens } from '../../shared-utility/test/support/app-screens';
import { STILL_TO_COME } from '../src/still-to-come';

describeAppScreens('tasks-app', path.join(__dirname, '..', 'src'), { stillToCome: STILL_TO_COME });
