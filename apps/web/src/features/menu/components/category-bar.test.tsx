// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/app';
import type { MenuView } from '../lib/menu-view';
import { menuCard } from '../lib/menu-view.fixtures';
import { toMenuWire } from '../lib/menu-wire';
import { CategoryBar } from './category-bar';
import { MenuFilterProvider } from './menu-filter';

const MENU_ID = '00000000-0000-4000-8000-0000000000c1';

const VIEW: MenuView = {
  tags: [],
  categories: [
    { slug: 'plov', title: 'Плов', items: [0] },
    { slug: 'drinks', title: 'Напитки', items: [1] },
  ],
  products: [menuCard(1, 'osh'), menuCard(2, 'choy')],
};

/** Every way the bar's effects read layout, counted. */
function spyOnLayoutReads() {
  const reads = vi.fn();
  const count =
    <T,>(value: T) =>
    () => {
      reads();
      return value;
    };
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(count(64));
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(count(0));
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(count(400));
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(
    count(new DOMRect(0, 500, 400, 300)),
  );
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    reads();
    return computed(element, pseudo);
  });
  return reads;
}

class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  constructor(readonly callback: () => void) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

function renderBar() {
  return renderInApp(
    <MenuFilterProvider wire={toMenuWire(VIEW)} locale="ru" menuId={MENU_ID} citySlug={null}>
      <header style={{ position: 'sticky' }}>header</header>
      <CategoryBar />
      {VIEW.categories.map((c) => (
        <section key={c.slug} id={c.slug}>
          <h2>{c.title}</h2>
        </section>
      ))}
    </MenuFilterProvider>,
  );
}

describe('CategoryBar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('ResizeObserver', FakeObserver);
    Element.prototype.scrollTo = vi.fn();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads no layout while the page hydrates: its effects measure in a task of their own', async () => {
    const reads = spyOnLayoutReads();
    const view = renderBar();
    // Rendered and committed, effects run: nothing measured yet, no observer set up. (Checked before
    // any role query: those read computed styles themselves.)
    expect(reads).not.toHaveBeenCalled();
    expect(FakeObserver.instances).toHaveLength(0);
    expect(view.container.querySelector('nav')).not.toBeNull();

    await act(async () => {
      vi.runAllTimers();
    });
    expect(reads).toHaveBeenCalled();
    // The header's height is followed, and the sections are watched.
    const sectionObserver = FakeObserver.instances.find((o) => o.observed.some((e) => e.id === 'plov'));
    expect(sectionObserver?.observed.map((e) => e.id)).toEqual(['plov', 'drinks']);
    expect(view.container.querySelector('nav')?.style.top).toBe('64px');
  });

  it('highlights the section that has passed under the bars once it measures', async () => {
    spyOnLayoutReads();
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return new DOMRect(0, this.id === 'plov' ? -400 : this.id === 'drinks' ? 20 : 0, 400, 300);
    });
    const view = renderBar();
    await act(async () => {
      vi.runAllTimers();
    });
    const sectionObserver = FakeObserver.instances.find((o) => o.observed.some((e) => e.id === 'plov'));
    await act(async () => {
      sectionObserver?.callback();
      vi.runAllTimers();
    });
    expect(view.getByRole('link', { name: 'Напитки' }).getAttribute('aria-current')).toBe('true');
    expect(view.getByRole('link', { name: 'Плов' }).getAttribute('aria-current')).toBeNull();
    expect(Element.prototype.scrollTo).toHaveBeenCalled();
  });

  it('sets nothing up when unmounted before its turn', async () => {
    const reads = spyOnLayoutReads();
    const view = renderBar();
    view.unmount();
    await act(async () => {
      vi.runAllTimers();
    });
    expect(reads).not.toHaveBeenCalled();
    expect(FakeObserver.instances).toHaveLength(0);
  });
});
