/**
 * Runs `task` in a task of its own, after the current one; returns what cancels it (an effect's
 * cleanup). For effects that read layout or storage when the page hydrates: React runs every mount
 * effect inside the hydration's commit, one task already long enough to count as blocking time
 * (issue 11, docs/perf/issue-11.md), and a layout read there forces the style and layout the next
 * frame would do anyway. In a task of its own the work no longer lengthens the commit, and input can
 * be handled in between.
 */
export function inNextTask(task: () => void): () => void {
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}
