import { texts } from './shared.ts';

/** Catalogue and content lookups. */
export const CATALOGUE_MESSAGES = {
  // Catalogue and content lookups (the storefront shows its own 404 page, but a client may show these).
  BRANCH_NOT_FOUND: texts({
    ru: () => 'Ресторан не найден',
    uz: () => 'Restoran topilmadi',
    en: () => 'Restaurant not found',
  }),
  MENU_NOT_FOUND: texts({
    ru: () => 'Меню не найдено',
    uz: () => 'Menyu topilmadi',
    en: () => 'Menu not found',
  }),
  PRODUCT_NOT_FOUND: texts({
    ru: () => 'Блюдо не найдено',
    uz: () => 'Taom topilmadi',
    en: () => 'Product not found',
  }),
  NEWS_EVENT_NOT_FOUND: texts({
    ru: () => 'Новость не найдена',
    uz: () => 'Yangilik topilmadi',
    en: () => 'News item not found',
  }),
  STOCK_NOT_FOUND: texts({
    ru: () => 'Акция не найдена',
    uz: () => 'Aksiya topilmadi',
    en: () => 'Promotion not found',
  }),
  RECIPE_NOT_FOUND: texts({
    ru: () => 'Рецепт не найден',
    uz: () => 'Retsept topilmadi',
    en: () => 'Recipe not found',
  }),
  PAGE_NOT_FOUND: texts({
    ru: () => 'Страница не найдена',
    uz: () => 'Sahifa topilmadi',
    en: () => 'Page not found',
  }),
};
