import { ruPlural, texts } from './shared.ts';

/** Zones, branches, the geocoder, API keys and saved addresses (issue 4). */
export const LOCATION_MESSAGES = {
  // -- zones and branches (issue 4) --
  ZONE_NOT_FOUND: texts({
    ru: () => 'Зона доставки не найдена',
    uz: () => 'Yetkazib berish hududi topilmadi',
    en: () => 'Delivery zone not found',
  }),
  // -- geocoder and api keys (issue 4) --
  GEOCODER_UNAVAILABLE: texts({
    ru: () => 'Временно недоступно',
    uz: () => 'Vaqtincha mavjud emas',
    en: () => 'Temporarily unavailable',
  }),
  GEOCODER_UPSTREAM_ERROR: texts({
    ru: () => 'Сервис поиска адресов ответил с ошибкой; попробуйте позже',
    uz: () => "Manzil qidirish xizmati xato bilan javob berdi; keyinroq urinib ko'ring",
    en: () => 'The address search service answered with an error; try again later',
  }),
  GEOCODER_INVALID_POINT: texts({
    ru: () => 'Координаты вне допустимых пределов: долгота от -180 до 180, широта от -90 до 90',
    uz: () => "Koordinatalar noto'g'ri: uzunlik -180 dan 180 gacha, kenglik -90 dan 90 gacha bo'lishi kerak",
    en: () => 'Coordinates out of range: longitude must be -180 to 180, latitude -90 to 90',
  }),
  API_KEY_NOT_FOUND: texts({
    ru: () => 'Ключ не найден',
    uz: () => 'Kalit topilmadi',
    en: () => 'Key not found',
  }),
  ADMIN_ONLY: texts({
    ru: () => 'Изменять ключи может только администратор',
    uz: () => "Kalitlarni faqat administrator o'zgartira oladi",
    en: () => 'Only an administrator can change keys',
  }),
  // -- saved addresses (issue 4) --
  ADDRESS_NOT_FOUND: texts({
    ru: () => 'Адрес не найден',
    uz: () => 'Manzil topilmadi',
    en: () => 'Address not found',
  }),
  ADDRESS_LIMIT: texts<{ max: number }>({
    ru: ({ max }) =>
      `Можно сохранить не больше ${ruPlural(max, ['адреса', 'адресов', 'адресов'])}; удалите один, чтобы добавить новый`,
    uz: ({ max }) =>
      `Ko'pi bilan ${max} ta manzil saqlash mumkin; yangisini qo'shish uchun bittasini o'chiring`,
    en: ({ max }) => `You can save at most ${max} addresses; delete one to add a new one`,
  }),
  ADDRESS_IMPORT_LIMIT: texts<{ max: number }>({
    ru: ({ max }) =>
      `Адреса из браузера не добавлены: вместе с сохранёнными их стало бы больше ${max}. Удалите лишние и попробуйте снова`,
    uz: ({ max }) =>
      `Brauzerdagi manzillar qo'shilmadi: saqlanganlari bilan birga ular ${max} tadan oshib ketadi. Keraksizlarini o'chirib, qayta urinib ko'ring`,
    en: ({ max }) =>
      `The addresses from this browser were not added: with the saved ones there would be more than ${max}. Delete some and try again`,
  }),
};
