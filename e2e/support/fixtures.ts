import { readFileSync } from 'node:fs';
import type { TCity, TLocale, TMenuProduct, TMenuProductsResponse, TModifierResponse } from '@app/contracts';
import { formatSum, groupLimit } from '@app/domain';
import { type APIRequestContext, type BrowserContext, test as base, expect } from '@playwright/test';
import { A11yWatch } from './a11y.ts';
import { ServerClock } from './server-clock.ts';
import { API_URL, DEMO_SHIPPER_ID, WEBSITE_PLATFORM_ID } from './urls.ts';

export { expect, formatSum };

export const LOCALES: readonly TLocale[] = ['ru', 'uz', 'en'];

/** The path of a locale-less route in a locale: ru has no prefix (localePrefix 'as-needed'). */
export const localePath = (locale: TLocale, path = '/'): string =>
  locale === 'ru' ? path : `/${locale}${path === '/' ? '' : path}`;

type TMessages = { [key: string]: string | TMessages };

/**
 * The storefront's own translation files, so journeys find elements by the same texts a customer
 * reads, in every locale, without copying them into the tests.
 */
export function messages(locale: TLocale, namespace = 'common'): TMessages {
  const file = new URL(`../../apps/web/messages/${locale}/${namespace}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as TMessages;
}

/** `t('en', 'errors.notFoundTitle')`; ICU placeholders are left as they are. */
export function t(locale: TLocale, key: string, namespace = 'common'): string {
  let node: string | TMessages | undefined = messages(locale, namespace);
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`No message ${namespace}:${key} for ${locale}`);
  return node;
}

/** A message with its ICU arguments filled in (simple `{name}` placeholders only). */
export function tf(
  locale: TLocale,
  key: string,
  values: Record<string, string | number>,
  namespace = 'common',
) {
  return t(locale, key, namespace).replace(/\{(\w+)\}/g, (_, name: string) =>
    String(values[name] ?? `{${name}}`),
  );
}

/** How the product form words a group's limits ('choose 1–2', 'up to 3', 'choose 1'). */
export function limitText(locale: TLocale, min: number, max: number): string {
  const limit = groupLimit(min, max);
  if (limit.kind === 'exactly') return tf(locale, 'product.limitExactly', { count: limit.count });
  if (limit.kind === 'up_to') return tf(locale, 'product.limitUpTo', { max: limit.max });
  return tf(locale, 'product.limitRange', { min: limit.min, max: limit.max });
}

/**
 * The text of server-rendered HTML as a reader sees it: React's comment separators removed and the
 * entities it escapes (quotes and apostrophes, as in "so'm") decoded.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

/** A regular expression matching `text` literally (for accessible names that hold more words). */
export const literal = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** What the demo chain's Tashkent menu holds, read from the API the storefront renders it from. */
export class DemoMenu {
  constructor(
    readonly api: APIRequestContext,
    readonly city: TCity,
    readonly menu: TMenuProductsResponse,
  ) {}

  get products(): TMenuProduct[] {
    const seen = new Map<string, TMenuProduct>();
    for (const category of this.menu.categories) {
      for (const product of category.products) seen.set(product.id, product);
    }
    return [...seen.values()];
  }

  /** The first product of the first category: rendered on the page without scrolling far. */
  firstProduct(): TMenuProduct {
    const product = this.products.find((p) => !p.in_stop);
    if (!product) throw new Error('The demo menu has no available product');
    return product;
  }

  /** A product whose own name holds `word` (case-insensitive) in the given locale. */
  productNamed(word: string, locale: TLocale = 'en'): TMenuProduct {
    const product = this.products.find((p) => p.title[locale].toLowerCase().includes(word.toLowerCase()));
    if (!product) throw new Error(`No product named like '${word}' on the demo menu`);
    return product;
  }

  /** A simple, available product without modifiers: one click adds it to the cart. */
  simpleProduct(skip: string[] = []): TMenuProduct {
    const product = this.products.find(
      (p) => p.type === 'simple' && !p.has_modifier && !p.in_stop && !skip.includes(p.id),
    );
    if (!product) throw new Error('The demo menu has no simple product without modifiers');
    return product;
  }

  /** A product with a group modifier that requires a choice (min_amount >= 1). */
  async productWithRequiredModifier(): Promise<{ product: TMenuProduct; modifiers: TModifierResponse }> {
    for (const product of this.products.filter((p) => p.has_modifier && !p.in_stop && p.type === 'simple')) {
      const response = await this.api.get('/v2/modifier', { params: { product_id: product.id } });
      expect(response.ok()).toBe(true);
      const modifiers = (await response.json()) as TModifierResponse;
      if (modifiers.product_modifiers.group_modifiers.some((g) => g.min_amount >= 1)) {
        return { product, modifiers };
      }
    }
    throw new Error('The demo menu has no product with a required group modifier');
  }

  /** Samarkand and its default menu, the regions' menu (Bukhara shares it). */
  async samarkand(): Promise<{ city: TCity; menu: TMenuProductsResponse }> {
    const cities = (await (await this.api.get('/v1/cities')).json()) as { cities: TCity[] };
    const city = cities.cities.find((c) => c.slug === 'samarkand');
    if (!city) throw new Error('the demo chain has Samarkand');
    const response = await this.api.get('/v2/menu-products', { params: { menu_id: city.default_menu_id } });
    expect(response.ok()).toBe(true);
    return { city, menu: (await response.json()) as TMenuProductsResponse };
  }

  /** A dish of the regions' menu that Tashkent's does not have (its page is `?city=`'s only). */
  async regionalDish(): Promise<TMenuProduct> {
    const { menu } = await this.samarkand();
    const inTashkent = new Set(this.products.map((p) => p.slug));
    const dish = menu.categories.flatMap((c) => c.products).find((p) => !inTashkent.has(p.slug));
    if (!dish) throw new Error("the demo regions' menu has a dish Tashkent's does not");
    return dish;
  }
}

/** One refusal of the page's Content-Security-Policy, as the browser reported it. */
export type TCspViolation = {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
  source: string;
};

/**
 * The storefront's Content-Security-Policy refusals in one browser context: every page reports its
 * `securitypolicyviolation` events (listened for before any of the page's own scripts run). A
 * journey that provokes one on purpose takes it with `take()`; whatever is left fails the journey.
 */
export class CspWatch {
  readonly violations: TCspViolation[] = [];

  static async attach(context: BrowserContext): Promise<CspWatch> {
    const watch = new CspWatch();
    await context.exposeBinding('__e2eCspViolation', (_source, violation: TCspViolation) => {
      watch.violations.push(violation);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __e2eCspViolation?: (v: TCspViolation) => void })
          .__e2eCspViolation;
        report?.({
          page: location.href,
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          sample: event.sample,
          source: `${event.sourceFile}:${event.lineNumber}`,
        });
      });
    });
    return watch;
  }

  /** The refusals seen so far, which the journey expected; they no longer fail it. */
  take(): TCspViolation[] {
    return this.violations.splice(0);
  }
}

type TFixtures = {
  /** The customer API with the demo chain's headers, for reading what a journey expects to see. */
  api: APIRequestContext;
  /** The Tashkent menu (the one `/` shows). */
  demoMenu: DemoMenu;
  /**
   * Automatic: fails any journey during which a page refused something under its
   * Content-Security-Policy, so every journey proves the policy leaves the site working.
   */
  csp: CspWatch;
  /**
   * Automatic: axe (WCAG 2.2 AA) on the final state of every storefront page the journey leaves
   * open, and on each kind of page it passed through that no check has covered yet (a11y.ts). A
   * journey that failed already is not checked.
   */
  a11y: A11yWatch;
  /** The API's clock (server-clock.ts); put back to the system time after the journey. */
  serverClock: ServerClock;
};

/** The session flag of the address prompt (features/location/lib/address-flow.ts). */
export const ADDRESS_PROMPT_SHOWN_KEY = 'location.address_prompt_shown';

type TOptions = {
  /**
   * Whether the address prompt of the flow on load may open (5 s after load, once per browser
   * session). Off by default so it never covers what other journeys click; the location journeys
   * turn it on with `test.use({ addressPrompt: true })`.
   */
  addressPrompt: boolean;
};

export const test = base.extend<TFixtures & TOptions>({
  addressPrompt: [false, { option: true }],
  context: async ({ context, addressPrompt }, use) => {
    if (!addressPrompt) {
      await context.addInitScript((key) => {
        try {
          sessionStorage.setItem(key, '1');
        } catch {
          // about:blank and opaque origins have no storage; nothing to suppress there.
        }
      }, ADDRESS_PROMPT_SHOWN_KEY);
    }
    await use(context);
  },
  csp: [
    async ({ context }, use) => {
      const watch = await CspWatch.attach(context);
      await use(watch);
      expect(watch.violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  a11y: [
    async ({ context }, use, testInfo) => {
      const watch = new A11yWatch(context);
      await use(watch);
      if (testInfo.status !== testInfo.expectedStatus) return;
      expect(await watch.check(), 'axe (WCAG 2.2 AA) violations').toEqual([]);
    },
    { auto: true },
  ],
  serverClock: async ({ api }, use) => {
    const clock = new ServerClock(api);
    await use(clock);
    await clock.reset();
  },
  api: async ({ playwright }, use) => {
    const api = await playwright.request.newContext({
      baseURL: API_URL,
      extraHTTPHeaders: { Shipper: DEMO_SHIPPER_ID, Platform: WEBSITE_PLATFORM_ID },
    });
    await use(api);
    await api.dispose();
  },
  demoMenu: async ({ api }, use) => {
    const cities = await api.get('/v1/cities');
    expect(cities.ok()).toBe(true);
    const { cities: list } = (await cities.json()) as { cities: TCity[] };
    const tashkent = list.find((c) => c.slug === 'tashkent');
    if (!tashkent) throw new Error('The demo chain has no Tashkent');
    const menu = await api.get('/v2/menu-products', { params: { menu_id: tashkent.default_menu_id } });
    expect(menu.ok()).toBe(true);
    await use(new DemoMenu(api, tashkent, (await menu.json()) as TMenuProductsResponse));
  },
});
