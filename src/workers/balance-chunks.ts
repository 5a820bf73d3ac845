/** How a balance run's games are handed to workers (shared by the CLI pool and the browser client). */

/** A chunk size that keeps every worker busy to the end without too many messages. */
export function chunkSize(games: number, workers: number): number {
  return Math.max(1, Math.min(25, Math.ceil(games / (workers * 8))));
}
