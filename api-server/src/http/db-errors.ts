/** A unique-constraint violation: better-sqlite3 (SQLITE_CONSTRAINT_UNIQUE) or PostgreSQL (23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
