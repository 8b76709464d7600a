/** Tables of the security area (migration migrations/*-security.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface SecurityTables {}
