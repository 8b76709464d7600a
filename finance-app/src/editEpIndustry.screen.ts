import { editScreen } from './edit/edit-page';

/** /editEpIndustry 编辑企业行业 (takes the enterprise record; ?id= keeps it across reloads). */
export const route = '/editEpIndustry';

export default editScreen(route);
