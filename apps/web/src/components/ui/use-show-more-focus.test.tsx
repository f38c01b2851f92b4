// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { useShowMoreFocus } from './use-show-more-focus';

/** Two pages of three items; the items have a link (`links`) or nothing to focus. */
function Paged({ links, fail = false }: { links: boolean; fail?: boolean }) {
  const [count, setCount] = useState(3);
  const [busy, setBusy] = useState(false);
  const { list, showMore } = useShowMoreFocus<HTMLUListElement>(count);
  const fetchMore = async () => {
    setBusy(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    setBusy(false);
    if (fail) return { isError: true };
    setCount(6);
    return { isError: false };
  };
  return (
    <>
      <ul ref={list}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items are their index
          <li key={i}>{links ? <a href={`/item/${i + 1}`}>Item {i + 1}</a> : `Item ${i + 1}`}</li>
        ))}
      </ul>
      {count < 6 ? (
        <Button busy={busy} onClick={() => void showMore(fetchMore)}>
          Show more
        </Button>
      ) : null}
    </>
  );
}

describe('useShowMoreFocus', () => {
  it("moves the focus to the first new item's link once the last page is in (the button is gone)", async () => {
    const user = userEvent.setup();
    render(<Paged links />);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Item 4' })).toHaveFocus());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('focuses the new item itself when it holds nothing to focus', async () => {
    const user = userEvent.setup();
    render(<Paged links={false} />);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const fourth = await screen.findByText('Item 4');
    await waitFor(() => expect(fourth).toHaveFocus());
    expect(fourth).toHaveAttribute('tabindex', '-1');
  });

  it('leaves the focus on the button when the read failed', async () => {
    const user = userEvent.setup();
    render(<Paged links fail />);
    const button = screen.getByRole('button', { name: 'Show more' });
    await user.click(button);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(button).toHaveFocus();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });
});
