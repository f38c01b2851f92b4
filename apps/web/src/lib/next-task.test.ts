import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inNextTask } from './next-task';

describe('inNextTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the task after the current task, not during it', () => {
    const task = vi.fn();
    inNextTask(task);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs a task cancelled before its turn', () => {
    const task = vi.fn();
    const cancel = inNextTask(task);
    cancel();
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
  });
});
