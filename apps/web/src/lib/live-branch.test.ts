// @vitest-environment jsdom

import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { publishLivePauses, resetLivePauses, useLivePauses } from './live-branch';

const paused = { paused_until: '2026-11-26T07:40:00.000Z', delivery_paused_until: null };
const open = { paused_until: null, delivery_paused_until: null };

afterEach(() => act(() => resetLivePauses()));

describe('live branch pauses', () => {
  it("gives the chosen branch's last published pauses, nothing for another branch or before a read", () => {
    const { result, rerender } = renderHook(({ id }) => useLivePauses(id), {
      initialProps: { id: 'b1' as string | null },
    });
    expect(result.current).toBeNull();
    act(() => publishLivePauses('b1', paused));
    expect(result.current).toEqual(paused);
    rerender({ id: 'b2' });
    expect(result.current).toBeNull();
    rerender({ id: null });
    expect(result.current).toBeNull();
  });

  it('renders its readers again only when the pauses change', () => {
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useLivePauses('b1');
    });
    const before = renders;
    act(() => publishLivePauses('b1', open));
    expect(renders).toBe(before + 1);
    act(() => publishLivePauses('b1', { ...open }));
    expect(renders).toBe(before + 1);
    act(() => publishLivePauses('b1', paused));
    expect(renders).toBe(before + 2);
  });
});
