import { editScreen } from './edit/edit-page';

/** /editEpArea 编辑企业地区 (takes the enterprise record; ?id= keeps it across reloads). */
export const route = '/editEpArea';

export default editScreen(route);
