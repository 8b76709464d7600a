import { editScreen } from './edit/edit-page';

/** /editEpQuote 编辑企业报价 (takes the enterprise record; ?id= keeps it across reloads). */
export const route = '/editEpQuote';

export default editScreen(route);
