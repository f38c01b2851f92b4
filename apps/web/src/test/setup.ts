import { afterEach, expect, vi } from 'vitest';

// Component tests run in jsdom (their `// @vitest-environment jsdom` line); the rest of the web
// project stays in node and loads none of this.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  const { takeIntlErrors } = await import('./app');
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
    // A missing or broken message would show its key to the customer: no test may pass with one.
    expect(takeIntlErrors()).toEqual([]);
  });
}
