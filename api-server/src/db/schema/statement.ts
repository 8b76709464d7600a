/** Scheduled jobs' runs, one row per run key (migration 0030): the key makes a run happen once. */
export interface JobRunTable {
  /** `<job>:<period>`, e.g. `statementMail:2026-10`. */
  jobKey: string;
  startedAt: number;
  finishedAt: number | null;
  /** A short account of what the run did (mails sent). */
  result: string | null;
}

export interface StatementTables {
  job_run: JobRunTable;
}
