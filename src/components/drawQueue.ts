/**
 * Drawings that may wait (the library's thumbnails): one per idle moment (or task, where the browser has no idle
 * callbacks), in the order asked, so a page of them never holds the first screen's input or paint (issue 45 item 5).
 */
const queue: Array<() => void> = [];
let draining = false;
const soon: (f: () => void) => void = typeof requestIdleCallback === 'function' ? (f) => requestIdleCallback(f, { timeout: 200 }) : (f) => setTimeout(f, 0);

function next(): void {
  const job = queue.shift();
  if (!job) { draining = false; return; }
  try {
    job();
  } finally {
    soon(next);
  }
}

/** Run `job` in a task of its own after the jobs already waiting. */
export function drawLater(job: () => void): void {
  queue.push(job);
  if (draining) return;
  draining = true;
  soon(next);
}
