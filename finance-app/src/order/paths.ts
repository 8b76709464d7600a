/** The order calls the screens make beyond the kit's derived ones (spec §7 order, DOMAIN.md §11). */
export const ORDER_PATHS = {
  /** The SMS payment code (type 20) an enterprise confirms transOrder with. */
  sendPayCode: 'order/mgr/temp/sendPayCode',
  /** 失败明细重新制单: an order's failed lines (30/50) copied into a new temp order. */
  reorderFailed: 'order/mgr/temp/createFromFailed',
  /** GET: a successful line's bank receipt. */
  bankReceiptFile: 'order/query/detail/bankReceiptFile',
} as const;
