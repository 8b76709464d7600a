import { applyPage } from './directions';

/** /invoice/myApply/:toMe 申请记录 (SYS, ENT): the enterprise's applications; :toMe picks the direction (directions.tsx). */
export const route = '/invoice/myApply/:toMe';

export default applyPage(route);
