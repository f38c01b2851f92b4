/**
 * The demo chain is written as plain data in `./data/*.ts`, in the shapes below, and loaded by the
 * versioned seed script. Everything refers to everything else by slug or key; the loader derives
 * stable uuids from them (`stableId(kind, key)`), so ids survive a reseed.
 */
import type { TLocalizedText } from '@app/contracts';

export type L = TLocalizedText;

/**
 * A picture built from the openly licensed Fluent Emoji (flat) set (@iconify-json/fluent-emoji-flat,
 * MIT): the emoji drawn on a soft background, written as WebP files at the sizes the storefront shows.
 */
export type SeedImage = {
  /** Icon name in @iconify-json/fluent-emoji-flat, e.g. 'pot-of-food', 'hamburger'. */
  icon: string;
  /** Background colour, '#rrggbb'. */
  background: string;
};

export type MenuKey = 'tashkent' | 'regions';

export type SeedShipper = {
  name: string;
  phone: string;
  work_hour_start: string;
  work_hour_end: string;
  minimal_order_price: number;
  description: L;
  logo: SeedImage;
  socials: { type: 'telegram' | 'instagram' | 'facebook' | 'youtube' | 'tiktok'; url: string }[];
  app_links: { app_store: string | null; play_market: string | null };
  payment_types: ('cash' | 'card' | 'payme' | 'click' | 'loyalty')[];
  sister_brands: { key: string; name: string; url: string; logo: SeedImage }[];
};

export type SeedMenu = { key: MenuKey; name: string };

export type SeedCity = {
  slug: string;
  name: L;
  location: { lat: number; long: number };
  default_menu: MenuKey;
};

export type SeedBranch = {
  slug: string;
  city: string;
  name: L;
  address: L;
  destination: L;
  phone: string;
  location: { lat: number; long: number };
  menu: MenuKey;
  work_hour_start: string;
  work_hour_end: string;
  delivery_time: number;
  /** Minutes the kitchen takes (a pickup's target on the staff screens); absent: the column's default, 20. */
  cooking_time?: number;
  future_delivery_order_time: number;
  future_self_pickup_order_time: number;
  is_active: boolean;
  has_parking: boolean;
  seats_count: number;
  has_playground: boolean;
  virtual_tour: string | null;
  image: SeedImage;
  /** Product slugs on this branch's stop list. */
  stop_list: string[];
};

export type SeedCategory = { slug: string; title: L };
export type SeedTag = { slug: string; title: L };

export type SeedProduct = {
  slug: string;
  type: 'simple' | 'combo' | 'origin';
  categories: string[];
  tags: string[];
  title: L;
  description: L;
  ingredients: L;
  allergens: L;
  /** Price in the 'tashkent' menu, whole sums. For an origin product: the smallest variant's price. */
  price: number;
  /** The menus it is on, with that menu's price (absent: not on that menu). */
  menus: Partial<Record<MenuKey, number>>;
  weight: number;
  energy: number;
  fats: number;
  proteins: number;
  carbohydrates: number;
  cooking_time: number;
  popularity: number;
  image: SeedImage;
  /** origin only: the sizes. Each becomes a product of its own (hidden from the menu). */
  variants?: { slug: string; title: L; property: L; price: number; weight: number }[];
  /** combo only: pick one option per group; options name other products by slug. */
  combo_groups?: { key: string; title: L; options: { product: string; extra_price: number }[] }[];
  single_modifiers?: {
    key: string;
    name: L;
    price: number;
    is_compulsory: boolean;
    category_name: L;
    max_amount: number;
  }[];
  group_modifiers?: {
    key: string;
    name: L;
    min_amount: number;
    max_amount: number;
    variants: { key: string; title: L; price: number }[];
  }[];
};

export type SeedAutoAdd = {
  product: string;
  quantity: number;
  delivery_type: 'delivery' | 'self-pickup' | null;
  min_order_price: number;
};

export type SeedReview = {
  product: string;
  rating: number;
  message: string;
  client_name: string;
  days_ago: number;
};

export type SeedNewsEvent = {
  slug: string;
  type: 'news' | 'gallery';
  title: L;
  preview: L;
  /** Markdown subset: paragraphs separated by a blank line, '## ' headings, '- ' list items. */
  body: L;
  image: SeedImage;
  published_at: string;
};

export type SeedStock = {
  slug: string;
  title: L;
  description: L;
  image: SeedImage;
  starts_at: string;
  ends_at: string | null;
  promo_code: string | null;
};

export type SeedVacancy = {
  slug: string;
  title: L;
  description: L;
  city: string;
  schedule: L;
  salary_from: number | null;
  salary_to: number | null;
  is_active: boolean;
};

export type SeedRecipe = {
  slug: string;
  title: L;
  description: L;
  image: SeedImage;
  cooking_time: number;
  servings: number;
  ingredients: L[];
  steps: L[];
};

export type SeedPage = {
  slug:
    | 'about'
    | 'offer'
    | 'rules'
    | 'return-product-rules'
    | 'delivery-terms'
    | 'playground-rules'
    | 'contacts';
  title: L;
  body: L;
};

/** A delivery zone: a polygon (with optional holes) served by the named branches. */
export type SeedZone = {
  /** Stable key, e.g. 'tashkent-centre'; the zone's id derives from it. */
  key: string;
  city: string;
  name: string;
  /** Outer ring [lat, long][] (at least 3 points, not repeated at the end). */
  ring: [number, number][];
  holes?: [number, number][][];
  /** Branch slugs. */
  branches: string[];
  min_order_amount: number;
  free_delivery_order_amount: number;
  is_active?: boolean;
};

/** A named place of the local geocoder's gazetteer (a street, district, metro station, landmark). */
export type SeedPlace = {
  key: string;
  city: string;
  kind: 'house' | 'street' | 'metro' | 'district' | 'locality' | 'landmark';
  name: L;
  /** Where it is, e.g. { ru: 'Юнусабадский район, Ташкент', ... }. */
  description: L;
  location: { lat: number; long: number };
};
