/**
 * A resource's `lookups` that read columns of the row another table's key names (the talent of a card
 * or a cooperation row, the merchant of an order): one correlated subquery per column, never in counts.
 */
import { type AnyQuery, T } from './entity-resource';

/** `refColumns('cust', 'custId', { custEntId: 'entId' })`: `custEntId` is the entId of the cust row `t.custId` names. */
export const refColumns =
  (table: string, foreignKey: string, columns: Record<string, string>) =>
  (qb: AnyQuery): AnyQuery =>
    qb.select((eb) =>
      Object.entries(columns).map(([as, column]) => eb.selectFrom(`${table} as rc`).select(`rc.${column}`).whereRef('rc.id', '=', `${T}.${foreignKey}`).as(as)),
    );
