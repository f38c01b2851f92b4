// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { useShowMoreFocus } from './use-show-more-focus';

type TRead = 'grows' | 'fails' | 'adds nothing';

/**
 * A list of three items with 'Show more' (until it holds six) and 'Refresh' (a read of the data that
 * adds an item, as a refetch may); the items have a link (`links`) or nothing to focus. The data's
 * version changes with every read that succeeds, before the read's promise resolves.
 */
function Paged({ links, read = 'grows' }: { links: boolean; read?: TRead }) {
  const [data, setData] = useState({ count: 3, version: 1, more: true });
  const [busy, setBusy] = useState(false);
  const { list, showMore } = useShowMoreFocus<HTMLUListElement>(data.count, data.version);
  const fetchMore = async () => {
    setBusy(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    setBusy(false);
    if (read === 'fails') return { isError: true };
    setData((d) =>
      read === 'grows'
        ? { count: 6, version: d.version + 1, more: false }
        : { ...d, version: d.version + 1, more: false },
    );
    return { isError: false };
  };
  return (
    <>
      <ul ref={list}>
        {Array.from({ length: data.count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items are their index
          <li key={i}>{links ? <a href={`/item/${i + 1}`}>Item {i + 1}</a> : `Item ${i + 1}`}</li>
        ))}
      </ul>
      {data.more ? (
        <Button busy={busy} onClick={() => void showMore(fetchMore)}>
          Show more
        </Button>
      ) : null}
      <Button onClick={() => setData((d) => ({ ...d, count: d.count + 1, version: d.version + 1 }))}>
        Refresh
      </Button>
    </>
  );
}

describe('useShowMoreFocus', () => {
  it("moves the focus to the first new item's link once the last page is in (the button is gone)", async () => {
    const user = userEvent.setup();
    render(<Paged links />);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Item 4' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('focuses the new item itself when it holds nothing to focus', async () => {
    const user = userEvent.setup();
    render(<Paged links={false} />);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const fourth = await screen.findByText('Item 4');
    await waitFor(() => expect(fourth).toHaveFocus());
    expect(fourth).toHaveAttribute('tabindex', '-1');
  });

  it('goes to the last item when the last page added nothing and the button went', async () => {
    const user = userEvent.setup();
    render(<Paged links read="adds nothing" />);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Item 3' })).toHaveFocus());
  });

  it('leaves the focus alone after a failed read, even when the list grows later', async () => {
    const user = userEvent.setup();
    render(<Paged links read="fails" />);
    const button = screen.getByRole('button', { name: 'Show more' });
    await user.click(button);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveFocus();
    // A later read that grows the list (a refetch) is not an answer to that press.
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await user.click(refresh);
    expect(await screen.findByRole('link', { name: 'Item 4' })).not.toHaveFocus();
    expect(refresh).toHaveFocus();
  });
});
