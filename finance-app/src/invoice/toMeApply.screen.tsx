import { applyPage } from './directions';

/** /invoice/toMeApply/:toMe 开出记录 (SYS, SPR): applications addressed to the supplier; :toMe picks the direction (directions.tsx). */
export const route = '/invoice/toMeApply/:toMe';

export default applyPage(route);
