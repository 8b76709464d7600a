/**
 * A resource's `lookups` that read columns of the row another table's key names (the talent of a card
 * or a cooperation row, the merchant of an order): one correlated subquery per column, never in counts.
 */
import { type AnyQuery, T } from './entity-resource';

/**
 * `refColumns('cust', 'custId', { custEntId: 'entId' })`: `custEntId` is the entId of the cust row `t.custId` names;
 * `key` is the column of `table` the foreign key names when it is not its id (ent_config's entId).
 */
export const refColumns =
  (table: string, foreignKey: string, columns: Record<string, string>, key = 'id') =>
  (qb: AnyQuery): AnyQuery =>
    qb.select((eb) =>
      Object.entries(columns).map(([as, column]) => eb.selectFrom(`${table} as rc`).select(`rc.${column}`).whereRef(`rc.${key}`, '=', `${T}.${foreignKey}`).as(as)),
    );
