/** Tables of the supplier area (migration migrations/*-supplier.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface SupplierTables {}
