import { editScreen } from './edit/edit-page';

/** /editEpContract 编辑企业合同 (takes the enterprise record; ?id= keeps it across reloads). */
export const route = '/editEpContract';

export default editScreen(route);
