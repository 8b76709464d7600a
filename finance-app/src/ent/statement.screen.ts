import { StatementPage } from './statement/statement-page';

/**
 * /ent/statement 对账单 (issue 25): an enterprise × channel statement over a date range, proven by the
 * server against the ledger; a custom screen (head, figures and a print view the kit does not draw).
 */
export const route = '/ent/statement';

export default StatementPage;
