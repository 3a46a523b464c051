// The table's log as the app receives it: the latest lines only once a game is long
// (`log_from` earlier lines left out), numbered as in the whole log.

/** One log line with its position in the whole log (from 1). */
export type LogLine = { n: number; text: string };

/** How many actions the whole log holds. */
export function logLength(log: readonly string[], from: number | null | undefined): number {
  return (from ?? 0) + log.length;
}

/** The lines newest first, numbered in the whole log; at most `shown` of them (all when null). */
export function newestFirst(log: readonly string[], from: number | null | undefined, shown: number | null): LogLine[] {
  const start = from ?? 0;
  const lines = log.map((text, i) => ({ n: start + i + 1, text })).reverse();
  return shown === null ? lines : lines.slice(0, shown);
}
