/** Tables of the kit area (migration migrations/*-kit.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface KitTables {}
