import type { MenuCard, MenuImage, MenuView } from './menu-view';

/**
 * The menu view as the flight payload carries it to the browser: each product a tuple instead of an
 * object, so the twelve field names (and the picture's three) are not written out 70 times (about
 * 8 KB of every menu page's HTML). The provider decodes it once (`fromMenuWire`) on the server and in
 * the browser; everything else reads the `MenuView`.
 */
export type MenuImageWire = [prefix: string, width: number, height: number, files?: [number, string][]];

export type MenuCardWire = [
  id: string,
  slug: string,
  name: string,
  description: string,
  price: number,
  weight: number,
  rating: number,
  popularity: number,
  image: MenuImageWire | 0,
  tags: string[],
  /** 1: in the stop list; 2: quick add. */
  flags: number,
];

export type MenuWire = Omit<MenuView, 'products'> & { products: MenuCardWire[] };

const IN_STOP = 1;
const QUICK_ADD = 2;

const imageWire = (image: MenuImage): MenuImageWire =>
  image.files
    ? [image.prefix, image.width, image.height, image.files]
    : [image.prefix, image.width, image.height];

export function toMenuWire(view: MenuView): MenuWire {
  return {
    tags: view.tags,
    categories: view.categories,
    products: view.products.map((p) => [
      p.id,
      p.slug,
      p.name,
      p.description,
      p.price,
      p.weight,
      p.rating,
      p.popularity,
      p.image ? imageWire(p.image) : 0,
      p.tags,
      (p.inStop ? IN_STOP : 0) | (p.quickAdd ? QUICK_ADD : 0),
    ]),
  };
}

export function fromMenuWire(wire: MenuWire): MenuView {
  return {
    tags: wire.tags,
    categories: wire.categories,
    products: wire.products.map(
      ([id, slug, name, description, price, weight, rating, popularity, image, tags, flags]): MenuCard => ({
        id,
        slug,
        name,
        description,
        price,
        weight,
        rating,
        popularity,
        image:
          image === 0
            ? null
            : {
                prefix: image[0],
                width: image[1],
                height: image[2],
                ...(image[3] ? { files: image[3] } : {}),
              },
        tags,
        inStop: (flags & IN_STOP) !== 0,
        quickAdd: (flags & QUICK_ADD) !== 0,
      }),
    ),
  };
}
