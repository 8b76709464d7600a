import { ENUMS } from '../../src/pure/enums';
import { balanceApply, refundApply } from '../../src/pure/entities/money';
import { invoiceApply, invoiceApplyToMe } from '../../src/pure/entities/invoice';
import { orderDetail, payOrder, tempOrder } from '../../src/pure/entities/order';
import type { Entity } from '../../src/pure/entity';

/** The entities whose 合计 is split by status (issue 22). */
export const ENTITIES_WITH_TOTALS: Array<{ entity: Entity }> = [balanceApply, refundApply, invoiceApply, invoiceApplyToMe, payOrder, orderDetail, tempOrder].map((entity) => ({ entity: entity as unknown as Entity }));

export { ENUMS };
