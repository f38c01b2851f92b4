// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyClient } from './lazy-client';

function Panel({ label }: { label: string }) {
  return <p>{label}</p>;
}

describe('lazyClient', () => {
  it('renders only the fallback on the server, and loads nothing there', () => {
    const load = vi.fn(async () => Panel);
    const Lazy = lazyClient(load, () => <span>waiting</span>);
    const html = renderToString(<Lazy label="panel" />);
    expect(html).toContain('waiting');
    expect(html).not.toContain('panel');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the component at its first render in the browser, once, with its props', async () => {
    const load = vi.fn(async () => Panel);
    const Lazy = lazyClient(load);
    const { unmount } = render(<Lazy label="first" />);
    expect(await screen.findByText('first')).toBeTruthy();
    unmount();
    render(<Lazy label="second" />);
    expect(await screen.findByText('second')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hydrates server markup without a mismatch, then shows the component', async () => {
    const Lazy = lazyClient(
      async () => Panel,
      () => <span>waiting</span>,
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Lazy label="hydrated" />);
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('react');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Lazy label="hydrated" />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(await screen.findByText('hydrated')).toBeTruthy();
    // React reports a server/client difference through console.error (and onRecoverableError).
    const mismatches = errors.mock.calls
      .map((call) => String(call[0]))
      .filter((m) => /hydrat|match/i.test(m));
    expect(mismatches).toEqual([]);
    errors.mockRestore();
    container.remove();
  });
});
