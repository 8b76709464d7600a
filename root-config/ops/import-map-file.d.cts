// Types of import-map-file.cjs for the API server (TypeScript) — the scripts use the .cjs directly.

export interface ImportMap {
  imports: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
}

/** Who made a step: a script run on the machine or an account of the 应用版本 screen. */
export interface DeployedBy {
  type: 'script' | 'account';
  /** The OS user of a script, the username of an account. */
  account: string;
  name: string;
}

export interface HistoryEntry {
  action: 'deploy' | 'rollback';
  app: string;
  specifier: string;
  from: string | undefined;
  to: string;
  at: string;
  /** Absent in entries written before the 应用版本 screen (all of them by the scripts). */
  by?: DeployedBy;
}

export type ImportMapErrorReason = 'NOT_IN_HISTORY' | 'MISSING_FILE' | 'NO_PREVIOUS' | 'CURRENT' | 'UNKNOWN_APP' | 'BUSY';

export class ImportMapError extends Error {
  reason: ImportMapErrorReason;
  constructor(reason: ImportMapErrorReason, message: string);
}

export function writeJsonAtomic(file: string, value: unknown): void;
export function readJson<T = unknown>(file: string): T;
export function historyPath(mapPath: string): string;
export function readHistory(file: string): HistoryEntry[];
export function appendHistory(file: string, entry: HistoryEntry): void;
export function lockPath(mapPath: string): string;
export function withMapLock<T>(mapPath: string, fn: () => T | Promise<T>, options?: { timeoutMs?: number }): Promise<T>;
export function urlsOf(history: HistoryEntry[], specifier: string): string[];
export function previousUrl(history: HistoryEntry[], specifier: string, current: string): string | undefined;
export function fileOfUrl(repoRoot: string, url: string): string | null;
export function onDisk(repoRoot: string, url: string): boolean;
export function deployUrl(mapPath: string, step: { app: string; specifier: string; url: string; by: DeployedBy }): Promise<HistoryEntry>;
export function rollbackTo(
  mapPath: string,
  step: { app: string; specifier: string; url?: string | null; by: DeployedBy; repoRoot?: string },
): Promise<HistoryEntry>;
