/**
 * PGlite reads a statement's parameter count as a signed 16-bit number: from 32,768 parameters on,
 * the statement silently does nothing and the answers of the next statements are off. PostgreSQL
 * takes up to 65,535. Bulk writes therefore send at most this many parameters per statement, on
 * both databases (one code path).
 */
export const MAX_STATEMENT_PARAMS = 30_000;

/** `rows` cut into pieces whose multi-row statement stays under the parameter limit. */
export function statementChunks<T>(rows: readonly T[], paramsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_STATEMENT_PARAMS / Math.max(1, paramsPerRow)));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
