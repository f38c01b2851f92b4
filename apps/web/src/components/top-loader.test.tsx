// @vitest-environment jsdom
import { fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPageNavigation, TopLoader } from './top-loader';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const here = new URL('http://shop.test/ru/cart?x=1');

function clickOn(html: string, init: MouseEventInit = {}): MouseEvent {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-target]') ?? document.body;
  const event = new MouseEvent('click', { bubbles: true, button: 0, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

describe('isPageNavigation', () => {
  it('is a plain click on a link to another page of the site, also on an element inside it', () => {
    expect(isPageNavigation(clickOn('<a href="/ru/product/1" data-target>x</a>'), here)).toBe(true);
    expect(isPageNavigation(clickOn('<a href="/ru/cart?x=2"><span data-target>x</span></a>'), here)).toBe(
      true,
    );
  });

  it('is not a click that opens no other page of this site here', () => {
    expect(isPageNavigation(clickOn('<a href="/ru/cart?x=1#top" data-target>x</a>'), here)).toBe(false);
    expect(isPageNavigation(clickOn('<a href="https://other.test/" data-target>x</a>'), here)).toBe(false);
    expect(isPageNavigation(clickOn('<a href="/ru" target="_blank" data-target>x</a>'), here)).toBe(false);
    expect(isPageNavigation(clickOn('<a href="/menu.pdf" download data-target>x</a>'), here)).toBe(false);
    expect(isPageNavigation(clickOn('<a href="/ru" data-target>x</a>', { ctrlKey: true }), here)).toBe(false);
    expect(isPageNavigation(clickOn('<a href="/ru" data-target>x</a>', { button: 1 }), here)).toBe(false);
    expect(isPageNavigation(clickOn('<button type="button" data-target>x</button>'), here)).toBe(false);
  });
});

describe('TopLoader', () => {
  it('is decorative, starts at a link to another page and completes when the router commits the URL', () => {
    vi.useFakeTimers();
    const { container } = render(
      <>
        <TopLoader />
        <a href="/elsewhere">go</a>
      </>,
    );
    const wrapper = container.firstElementChild as HTMLElement;
    expect(wrapper).toHaveAttribute('aria-hidden', 'true');
    const bar = wrapper.firstElementChild as HTMLElement;
    const link = container.querySelector('a') as HTMLAnchorElement;
    // jsdom would navigate: the router prevents the default too.
    link.addEventListener('click', (event) => event.preventDefault());

    fireEvent.click(link);
    expect(bar.style.opacity).toBe('1');
    expect(Number.parseFloat(bar.style.width)).toBeGreaterThan(0);

    window.history.pushState(null, '', '/elsewhere');
    expect(bar.style.width).toBe('100%');
    expect(bar.style.opacity).toBe('0');
    vi.advanceTimersByTime(1_000);
    expect(bar.style.width).toBe('0%');
  });

  it('leaves the History API as it found it when unmounted', () => {
    const { pushState, replaceState } = window.history;
    const { unmount } = render(<TopLoader />);
    expect(window.history.pushState).not.toBe(pushState);
    unmount();
    expect(window.history.pushState).toBe(pushState);
    expect(window.history.replaceState).toBe(replaceState);
  });
});
