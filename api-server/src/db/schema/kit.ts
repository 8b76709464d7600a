import type { Generated } from 'kysely';

/** Tables of the resource kit (migration migrations/0003-kit.ts). */
export interface SavedSearchTable {
  id: Generated<number>;
  userId: number;
  /** The screen's key (its route). */
  screen: string;
  name: string;
  /** JSON of the list state (cond, sort, tab) as the browser keeps it. */
  cond: string;
  createdAt: number;
}

/** A server export's single-use ticket: only a hash of the token is kept. */
export interface ExportTokenTable {
  tokenHash: string;
  userId: number;
  /** The list path it exports (`taxSource/query`). */
  path: string;
  /** JSON {cond, orderBy}. */
  query: string;
  expiresAt: number;
  usedAt: number | null;
}

/** An uploaded file; records refer to it as {url, fileMd5, name} with url `file/download?id=`. */
export interface UploadFileTable {
  id: Generated<number>;
  userId: number;
  name: string;
  fileMd5: string;
  size: number;
  storedAs: string;
  createdAt: number;
}

export interface KitTables {
  saved_search: SavedSearchTable;
  export_token: ExportTokenTable;
  upload_file: UploadFileTable;
}
