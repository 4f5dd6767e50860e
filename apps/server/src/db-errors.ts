// Database errors any module may recognise; they belong to no module's repository (the lint rule keeps modules
// away from each other's repositories).

/** Whether an error is PostgreSQL's unique violation (23505), from node-postgres or PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
