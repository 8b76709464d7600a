import { editScreen } from './edit/edit-page';

/** /editIndustry 编辑行业 (takes the enterprise record; ?id= keeps it across reloads). */
export const route = '/editIndustry';

export default editScreen(route);
