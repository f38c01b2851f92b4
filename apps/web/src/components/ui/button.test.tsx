// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, offButtonProps } from './button';

/** A form whose submit button is busy while its (held) request runs, as the storefront's forms are. */
function SendForm({ onSend }: { onSend: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void onSend().finally(() => setBusy(false));
      }}
    >
      <label>
        Name
        <input />
      </label>
      <Button type="submit" busy={busy}>
        {busy ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}

describe('a busy Button', () => {
  it('is off with aria-disabled and keeps the focus; neither a press nor Enter in a field sends again', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const onSend = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    render(<SendForm onSend={onSend} />);
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button).not.toHaveAttribute('aria-disabled');

    button.focus();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    const sending = screen.getByRole('button', { name: 'Sending…' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    // Not `disabled`: a browser drops the focus of a button disabled under it to the page.
    expect(sending).not.toBeDisabled();
    expect(sending).toHaveFocus();

    await user.click(sending);
    await user.keyboard('{Enter}');
    // Enter in a field submits by clicking the form's default button: the busy one ignores it.
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);

    release();
    const again = await screen.findByRole('button', { name: 'Send' });
    expect(again).not.toHaveAttribute('aria-disabled');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('calls its click handler only when not busy', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <Button busy onClick={onClick}>
        Repeat
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Repeat' }));
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>Repeat</Button>);
    await user.click(screen.getByRole('button', { name: 'Repeat' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    // A busy look and a disabled look are the same.
    expect(screen.getByRole('button').className).toMatch(/aria-disabled:bg-line/);
  });

  it('is never disabled while busy; `disabled` applies once it is not busy', () => {
    const { rerender } = render(
      <Button busy disabled>
        Get the code
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Get the code' });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    rerender(<Button disabled>Get the code</Button>);
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-disabled');
  });
});

describe('offButtonProps', () => {
  it('gives a plain button aria-disabled and a handler that ignores the press, or its own handler', () => {
    const onClick = vi.fn();
    const off = offButtonProps(true, onClick);
    expect(off['aria-disabled']).toBe(true);
    expect(off.onClick).not.toBe(onClick);
    expect(offButtonProps(false, onClick)).toEqual({ onClick });
  });
});
