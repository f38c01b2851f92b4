import type { SeedNewsEvent } from '../types.ts';

/** The chain's news over the last year, newest last; the API orders them by `published_at`. */
export const news: SeedNewsEvent[] = [
  {
    slug: 'baraka-club-loyalty-card',
    type: 'news',
    title: {
      ru: 'Карта Baraka Club: кешбэк с каждого заказа',
      uz: 'Baraka Club kartasi: har bir buyurtmadan keshbek',
      en: 'Baraka Club card: cashback on every order',
    },
    preview: {
      ru: 'Запускаем карту лояльности Baraka Club: 5% от каждого заказа возвращаются баллами, которыми можно оплатить следующий обед.',
      uz: "Baraka Club sodiqlik kartasini ishga tushirdik: har bir buyurtmaning 5 foizi ballar bo'lib qaytadi va ular bilan keyingi tushlik uchun to'lash mumkin.",
      en: 'We are launching the Baraka Club loyalty card: 5% of every order comes back as points you can spend on your next lunch.',
    },
    body: {
      ru: `С 10 декабря в ресторанах Baraka и в доставке работает накопительная карта Baraka Club. Получить её можно бесплатно на кассе любого ресторана или в личном кабинете на сайте — достаточно назвать номер телефона.

## Как это работает

- 5% от суммы каждого заказа возвращаются на карту баллами
- 1 балл равен 1 суму
- баллами можно оплатить до 50% следующего заказа
- баллы действуют 12 месяцев с момента начисления

Карта работает во всех городах — в Ташкенте, Самарканде и Бухаре, а также в Baraka Coffee и Lavash Lab. После первой покупки на карту начисляется приветственный бонус — 10 000 баллов.`,
      uz: `10-dekabrdan boshlab Baraka restoranlarida va yetkazib berish xizmatida Baraka Club jamg'arma kartasi ishlaydi. Kartani istalgan restoran kassasida yoki saytdagi shaxsiy kabinetda bepul olish mumkin — buning uchun telefon raqamingizni aytish kifoya.

## Qanday ishlaydi

- Har bir buyurtma summasining 5 foizi kartaga ball bo'lib qaytadi
- 1 ball 1 so'mga teng
- Ballar bilan keyingi buyurtmaning 50 foizigacha to'lash mumkin
- Ballar hisoblangan kundan boshlab 12 oy amal qiladi

Karta barcha shaharlarda — Toshkent, Samarqand va Buxoroda, shuningdek Baraka Coffee va Lavash Lab restoranlarida ham ishlaydi. Birinchi xariddan so'ng kartaga 10 000 ball miqdorida sovg'a bonusi tushadi.`,
      en: `From 10 December the Baraka Club loyalty card works in every Baraka restaurant and for delivery orders. It is free: ask for one at the till of any restaurant or open it in your account on the website — all you need is your phone number.

## How it works

- 5% of every order comes back to the card as points
- 1 point equals 1 sum
- points can pay for up to 50% of your next order
- points stay valid for 12 months after they are earned

The card works in all three cities — Tashkent, Samarkand and Bukhara — and at Baraka Coffee and Lavash Lab too. After your first purchase we add a welcome bonus of 10,000 points.`,
    },
    image: { icon: 'credit-card', background: '#e8f1fb' },
    published_at: '2025-12-10T06:00:00Z',
  },
  {
    slug: 'charity-iftar-chilonzor',
    type: 'news',
    title: {
      ru: 'Благотворительный ифтар на Чиланзаре',
      uz: 'Chilonzorda xayriya iftori',
      en: 'A charity iftar in Chilonzor',
    },
    preview: {
      ru: 'Вместе с махаллями Чиланзара мы накрыли ифтар для 350 гостей — пожилых людей, многодетных семей и людей с инвалидностью.',
      uz: "Chilonzor mahallalari bilan birgalikda 350 nafar mehmon — keksalar, ko'p bolali oilalar va nogironligi bor insonlar uchun iftor dasturxoni yozdik.",
      en: 'Together with the mahallas of Chilonzor we laid an iftar table for 350 guests — elderly people, large families and people with disabilities.',
    },
    body: {
      ru: `Вечером 10 марта в нашем ресторане на Чиланзаре прошёл благотворительный ифтар. Гостей мы пригласили вместе с активистами пяти махаллей района: за дастарханом собрались 350 человек — аксакалы, многодетные семьи, люди с инвалидностью и их близкие.

Повара приготовили шурпу, ташкентский плов, самсу из тандыра и салат аччик-чучук, к чаю подали финики, курагу и домашнюю пахлаву. Ещё 500 продуктовых наборов с мукой, рисом, маслом и сахаром сотрудники Baraka развезли по домам тех, кто не смог прийти.

Спасибо всем гостям и волонтёрам. Каждый Рамадан мы направляем часть выручки от продаж сета «Ифтар» на такие вечера — в этом году собрано больше 48 миллионов сумов.`,
      uz: `10-mart kuni kechqurun Chilonzordagi restoranimizda xayriya iftori o'tkazildi. Mehmonlarni tumandagi beshta mahalla faollari bilan birga taklif qildik: dasturxon atrofida 350 kishi — otaxon va onaxonlar, ko'p bolali oilalar, nogironligi bor insonlar va ularning yaqinlari jam bo'ldi.

Oshpazlarimiz sho'rva, Toshkent oshi, tandir somsa va achchiq-chuchuk salatini tayyorlashdi, choy bilan xurmo, qoqi va uy pahlavasi tortildi. Kela olmaganlar uchun xodimlarimiz un, guruch, yog' va shakardan iborat yana 500 ta oziq-ovqat to'plamini uylariga yetkazib berishdi.

Barcha mehmonlar va ko'ngillilarga rahmat! Har Ramazonda "Iftor" seti savdosidan tushgan mablag'ning bir qismini shunday oqshomlarga yo'naltiramiz — bu yil 48 million so'mdan ortiq mablag' to'plandi.`,
      en: `On the evening of 10 March our Chilonzor restaurant hosted a charity iftar. We invited the guests together with volunteers from five mahallas of the district: 350 people gathered at the dastarkhan — elders, large families, people with disabilities and their relatives.

Our cooks made shurpa, Tashkent plov, tandoor somsa and achichuk salad, and served dates, dried apricots and home-made pakhlava with the tea. Baraka staff also delivered 500 food parcels with flour, rice, oil and sugar to the homes of those who could not come.

Thank you to every guest and volunteer. Every Ramadan part of the takings from our Iftar set goes to evenings like this one — this year it came to more than 48 million sum.`,
    },
    image: { icon: 'crescent-moon', background: '#eae6f7' },
    published_at: '2026-03-12T09:30:00Z',
  },
  {
    slug: 'baraka-mobile-app',
    type: 'news',
    title: {
      ru: 'Приложение Baraka уже в App Store и Google Play',
      uz: "Baraka ilovasi App Store va Google Play'da",
      en: 'The Baraka app is out on the App Store and Google Play',
    },
    preview: {
      ru: 'Заказывайте плов, лаваш и кофе в пару касаний: вышло мобильное приложение Baraka для iPhone и Android.',
      uz: 'Osh, lavash va qahvani bir necha bosishda buyurtma qiling: iPhone va Android uchun Baraka mobil ilovasi chiqdi.',
      en: 'Order plov, lavash and coffee in a couple of taps: the Baraka mobile app for iPhone and Android is here.',
    },
    body: {
      ru: `Мы выпустили мобильное приложение Baraka. В нём всё меню наших ресторанов, Baraka Coffee и Lavash Lab, доставка и самовывоз, история заказов и карта Baraka Club с балансом баллов.

Курьера можно отслеживать на карте, а оплатить заказ — картой Uzcard, Humo или Visa, через Payme, Click или баллами. Адреса и любимые блюда сохраняются, поэтому вчерашний заказ повторяется одним касанием.

До конца года на первый заказ в приложении действует скидка 15% по промокоду APP15. Приложение бесплатное и работает на русском, узбекском и английском языках.`,
      uz: `Baraka mobil ilovasini ishga tushirdik. Unda restoranlarimiz, Baraka Coffee va Lavash Lab menyusi to'liq, yetkazib berish va olib ketish, buyurtmalar tarixi hamda ballar balansi bilan Baraka Club kartasi bor.

Kuryerni xaritada kuzatib borish, buyurtma uchun esa Uzcard, Humo yoki Visa kartasi, Payme, Click yoki ballar bilan to'lash mumkin. Manzillar va sevimli taomlar saqlanadi, shuning uchun kechagi buyurtmani bir bosishda takrorlaysiz.

Yil oxirigacha ilovadagi birinchi buyurtmaga APP15 promokodi bo'yicha 15 foiz chegirma amal qiladi. Ilova bepul, u o'zbek, rus va ingliz tillarida ishlaydi.`,
      en: `We have released the Baraka mobile app. It has the full menu of our restaurants, Baraka Coffee and Lavash Lab, delivery and pickup, your order history and your Baraka Club card with its points balance.

You can follow the courier on the map and pay by Uzcard, Humo or Visa card, through Payme or Click, or with points. Addresses and favourite dishes are saved, so yesterday's order is one tap away.

Until the end of the year your first order in the app is 15% off with the promo code APP15. The app is free and speaks Russian, Uzbek and English.`,
    },
    image: { icon: 'mobile-phone', background: '#e3f4ee' },
    published_at: '2026-03-26T07:00:00Z',
  },
  {
    slug: 'summer-menu-2026',
    type: 'news',
    title: {
      ru: 'Летнее меню: чалоп, окрошка и холодный чай',
      uz: 'Yozgi menyu: chalop, okroshka va sovuq choy',
      en: 'Summer menu: chalop, okroshka and iced tea',
    },
    preview: {
      ru: 'С 1 июня в ресторанах Baraka — летнее меню с холодными супами, лёгкими салатами и освежающими напитками.',
      uz: "1-iyundan Baraka restoranlarida sovuq sho'rvalar, yengil salatlar va salqin ichimliklardan iborat yozgi menyu taklif etiladi.",
      en: 'From 1 June Baraka restaurants serve a summer menu of cold soups, light salads and refreshing drinks.',
    },
    body: {
      ru: `Когда в Ташкенте за сорок, хочется чего-то прохладного. С 1 июня по 31 августа в меню появятся чалоп на катыке с огурцом и зеленью, окрошка на квасе или кефире, салат из молодых овощей с райханом и куриный шашлык с лёгким йогуртовым соусом.

Из напитков — домашний компот из урюка и вишни, айран с мятой, холодный зелёный чай с лимоном и лимонады Lavash Lab с арбузом и базиликом. В Baraka Coffee ждут айс-латте и фраппе.

Все новинки доступны и в доставке. Холодные супы мы упаковываем в термопакеты со льдом, чтобы они приехали такими же свежими, как в зале.`,
      uz: `Toshkentda harorat qirq darajadan oshganda salqin taom istaysiz. 1-iyundan 31-avgustgacha menyuda bodring va ko'kat solingan qatiqli chalop, kvas yoki kefirli okroshka, rayhonli yosh sabzavotlar salati va yengil yogurt sousli tovuq kabobi paydo bo'ladi.

Ichimliklardan — o'rik va olchadan uy kompoti, yalpizli ayron, limonli sovuq ko'k choy hamda tarvuz va rayhonli Lavash Lab limonadlari. Baraka Coffee'da esa ays-latte va frappe sizni kutadi.

Barcha yangiliklarni yetkazib berish orqali ham buyurtma qilish mumkin. Sovuq sho'rvalarni muzli termopaketlarga joylaymiz, shunda ular zaldagidek yangi holda yetib boradi.`,
      en: `When Tashkent passes forty degrees, you want something cool. From 1 June to 31 August the menu adds chalop made with katyk, cucumber and herbs, okroshka with kvass or kefir, a young vegetable salad with basil and chicken shashlik with a light yogurt sauce.

To drink there is home-made apricot and cherry compote, ayran with mint, iced green tea with lemon and Lavash Lab lemonades with watermelon and basil. Baraka Coffee adds iced lattes and frappés.

Everything new is available for delivery too. We pack the cold soups in insulated bags with ice so they arrive as fresh as they are in the restaurant.`,
    },
    image: { icon: 'sun', background: '#fff4d6' },
    published_at: '2026-05-29T08:00:00Z',
  },
  {
    slug: 'childrens-day-2026',
    type: 'news',
    title: {
      ru: 'День защиты детей на площадках Baraka',
      uz: "Baraka o'yin maydonchalarida Bolalar kuni",
      en: "Children's Day at the Baraka playgrounds",
    },
    preview: {
      ru: '1 июня на детских площадках наших ресторанов прошёл праздник с аниматорами, мастер-классом по лепке самсы и подарками.',
      uz: "1-iyun kuni restoranlarimizdagi bolalar o'yin maydonchalarida animatorlar, somsa yasash bo'yicha mahorat darsi va sovg'alar bilan bayram bo'ldi.",
      en: 'On 1 June the playgrounds of our restaurants hosted a party with entertainers, a somsa-making class and presents.',
    },
    body: {
      ru: `1 июня во всех ресторанах Baraka с детскими площадками был праздник: аниматоры, аквагрим, мыльные пузыри и конкурсы с призами с полудня и до вечера.

Больше всего ребятам понравился мастер-класс наших поваров: более двухсот детей сами лепили самсу и мини-чучвару, а потом забрали домой свои изделия, испечённые в тандыре.

Каждый маленький гость получил детское комбо и подарок от Baraka. Спасибо родителям, которые провели этот день с нами, — ждём вас на площадках каждый день.`,
      uz: `1-iyun kuni bolalar o'yin maydonchasi bor barcha Baraka restoranlarida bayram bo'ldi: tushdan kechgacha animatorlar, akvagrim, sovun pufakchalari va sovrinli tanlovlar.

Bolalarga eng ko'p oshpazlarimizning mahorat darsi yoqdi: ikki yuzdan ortiq bola o'z qo'li bilan somsa va mayda chuchvara tugdi, so'ng tandirda pishgan somsalarini uyga olib ketdi.

Har bir kichkina mehmon bolalar kombosi va Baraka sovg'asini oldi. Bu kunni biz bilan o'tkazgan ota-onalarga rahmat — sizni har kuni o'yin maydonchalarimizda kutamiz.`,
      en: `On 1 June every Baraka restaurant with a playground threw a party: entertainers, face painting, soap bubbles and contests with prizes from noon until the evening.

The favourite was a class with our cooks: more than two hundred children shaped their own somsa and tiny chuchvara, then took home the somsa they had made, baked in the tandoor.

Every young guest went home with a kids' combo and a present from Baraka. Thank you to the parents who spent the day with us — the playgrounds are waiting for you every day.`,
    },
    image: { icon: 'balloon', background: '#fde7ea' },
    published_at: '2026-06-02T10:00:00Z',
  },
  {
    slug: 'new-restaurant-samarkand',
    type: 'news',
    title: {
      ru: 'Новый ресторан Baraka в Самарканде',
      uz: 'Samarqandda yangi Baraka restorani',
      en: 'A new Baraka restaurant in Samarkand',
    },
    preview: {
      ru: '15 августа мы открыли новый ресторан в Самарканде — на Университетском бульваре, в десяти минутах от Регистана.',
      uz: "15-avgust kuni Samarqandda — Universitet xiyobonida, Registondan o'n daqiqalik masofada yangi restoranimizni ochdik.",
      en: 'On 15 August we opened a new restaurant in Samarkand, on University Boulevard, ten minutes from the Registan.',
    },
    body: {
      ru: `15 августа мы открыли новый ресторан в Самарканде на Университетском бульваре. Это уютный зал на 80 гостей рядом с главным корпусом университета и летняя терраса в тени чинар. Ресторан открыт ежедневно с 10:00 до 22:00.

Здесь готовят самаркандский плов с жёлтой морковью, самаркандский нон из тандыра и всё привычное меню Baraka — от лагмана до лавашей Lavash Lab. Доставка по Самарканду работает с 09:00 до 03:00.

В честь открытия до конца августа к каждому заказу в зале — чайник чая в подарок. Ждём вас!`,
      uz: `15-avgust kuni Samarqandda, Universitet xiyobonida yangi restoranimizni ochdik. Universitet bosh binosi yonidagi shinam zal 80 nafar mehmonga mo'ljallangan, chinorlar soyasida yozgi ayvon ham bor. Restoran har kuni 10:00 dan 22:00 gacha ochiq.

Bu yerda sariq sabzili Samarqand oshi, tandirda yopilgan Samarqand noni va Baraka restoranlarining odatiy menyusi — lag'mondan tortib Lavash Lab lavashlarigacha tayyorlanadi. Samarqand bo'ylab yetkazib berish 09:00 dan 03:00 gacha ishlaydi.

Ochilish munosabati bilan avgust oxirigacha zaldagi har bir buyurtmaga bir choynak choy sovg'a. Sizni kutamiz!`,
      en: `On 15 August we opened a new restaurant on University Boulevard in Samarkand. It is a cosy 80-seat hall next to the university's main building, with a summer terrace in the shade of plane trees. The restaurant is open daily from 10:00 to 22:00.

The kitchen makes Samarkand plov with yellow carrots, Samarkand non from the tandoor and the whole familiar Baraka menu, from lagman to Lavash Lab wraps. Delivery across Samarkand runs from 09:00 to 03:00.

To celebrate the opening, every order in the restaurant comes with a free pot of tea until the end of August. See you there!`,
    },
    image: { icon: 'classical-building', background: '#e6eefc' },
    published_at: '2026-08-18T07:30:00Z',
  },
  {
    slug: 'plov-festival-2026',
    type: 'news',
    title: {
      ru: 'Фестиваль плова Baraka собрал шесть тысяч гостей',
      uz: 'Baraka osh festivaliga olti ming mehmon keldi',
      en: 'The Baraka plov festival welcomed six thousand guests',
    },
    preview: {
      ru: 'В первые выходные октября у ресторана на проспекте Амира Темура восемь мастеров готовили плов по рецептам разных регионов Узбекистана.',
      uz: "Oktabrning birinchi dam olish kunlarida Amir Temur shoh ko'chasidagi restoranimiz oldida sakkiz nafar oshpaz O'zbekistonning turli viloyatlari oshini damladi.",
      en: "On the first weekend of October, outside our restaurant on Amir Temur Avenue, eight masters cooked plov from the recipes of Uzbekistan's regions.",
    },
    body: {
      ru: `3 и 4 октября прошёл второй фестиваль плова Baraka. Восемь ошпазов из Ташкента, Самарканда, Бухары, Ферганы, Хорезма и Кашкадарьи готовили плов по рецептам своих регионов прямо перед гостями, в казанах на дровах.

За два дня гости съели больше 1 200 килограммов плова: ташкентского с перепелиными яйцами, самаркандского, бухарского зелёного бахша, ферганского из риса девзира и других. В зрительском голосовании победил ферганский плов, а его рецепт с 1 ноября есть в меню всех наших ресторанов.

Все деньги от продажи дегустационных билетов — 86 миллионов сумов — мы передали двум домам «Мехрибонлик» в Ташкенте. Спасибо, что пришли, до встречи на следующем фестивале!`,
      uz: `3 va 4-oktabr kunlari ikkinchi Baraka osh festivali bo'lib o'tdi. Toshkent, Samarqand, Buxoro, Farg'ona, Xorazm va Qashqadaryodan kelgan sakkiz nafar oshpaz o'z yurtining oshini mehmonlar ko'z oldida, o'tinda qozonda damladi.

Ikki kunda mehmonlar 1 200 kilogrammdan ortiq osh tanovul qildi: bedana tuxumli Toshkent oshi, Samarqand oshi, Buxoroning ko'k baxshi, devzira guruchidan Farg'ona oshi va boshqalar. Tomoshabinlar ovoz berishida Farg'ona oshi g'olib bo'ldi, 1-noyabrdan uning retsepti barcha restoranlarimiz menyusida.

Tatib ko'rish chiptalari savdosidan tushgan butun mablag' — 86 million so'm Toshkentdagi ikkita "Mehribonlik" uyiga topshirildi. Kelganingiz uchun rahmat, keyingi festivalda ko'rishguncha!`,
      en: `On 3 and 4 October we held the second Baraka plov festival. Eight oshpaz masters from Tashkent, Samarkand, Bukhara, Fergana, Khorezm and Kashkadarya cooked the plov of their home regions in front of the guests, in cauldrons over a wood fire.

Over two days guests ate more than 1,200 kilograms of plov: Tashkent plov with quail eggs, Samarkand plov, Bukhara's green bakhsh, Fergana plov made with devzira rice and more. The audience vote went to the Fergana plov, and since 1 November its recipe has been on the menu of all our restaurants.

All the money from the tasting tickets — 86 million sum — went to two Mehribonlik children's homes in Tashkent. Thank you for coming, and see you at the next festival!`,
    },
    image: { icon: 'pot-of-food', background: '#fdeedd' },
    published_at: '2026-10-06T08:00:00Z',
  },
  {
    slug: 'lavash-lab-in-every-branch',
    type: 'news',
    title: {
      ru: 'Lavash Lab теперь в каждом ресторане Baraka',
      uz: 'Lavash Lab endi har bir Baraka restoranida',
      en: 'Lavash Lab is now in every Baraka restaurant',
    },
    preview: {
      ru: 'Лаваши, шаурму и картофель фри Lavash Lab теперь можно заказать в любом ресторане Baraka и в одной корзине с пловом.',
      uz: 'Lavash Lab lavashlari, shaurmasi va kartoshka frisini endi istalgan Baraka restoranida va osh bilan bitta savatda buyurtma qilish mumkin.',
      en: 'Lavash Lab wraps, shawarma and fries can now be ordered in any Baraka restaurant, in the same basket as your plov.',
    },
    body: {
      ru: `Раньше за лавашом Lavash Lab приходилось ехать в отдельное кафе. С 10 ноября в каждом ресторане Baraka работает станция Lavash Lab с собственным грилем, а всё её меню доступно на сайте и в приложении.

Теперь можно собрать один заказ на всю семью: плов и шурпу для взрослых, лаваш с курицей и картофель фри для детей, а на десерт — чизкейк из Baraka Coffee. Доставка одна, курьер один, время ожидания то же.

По вторникам второй лаваш — за полцены, условия акции смотрите в разделе «Акции».`,
      uz: `Ilgari Lavash Lab lavashi uchun alohida kafega borish kerak edi. 10-noyabrdan har bir Baraka restoranida o'z grili bilan Lavash Lab bo'limi ishlaydi, uning butun menyusi esa sayt va ilovada mavjud.

Endi butun oila uchun bitta buyurtma yig'ish mumkin: kattalarga osh va sho'rva, bolalarga tovuqli lavash va kartoshka fri, shirinlikka esa Baraka Coffee'dan chizkeyk. Yetkazib berish bitta, kuryer bitta, kutish vaqti o'sha-o'sha.

Seshanba kunlari ikkinchi lavash yarim narxda, aksiya shartlari "Aksiyalar" bo'limida.`,
      en: `A Lavash Lab wrap used to mean a trip to a separate cafe. Since 10 November every Baraka restaurant has a Lavash Lab station with its own grill, and its whole menu is on the website and in the app.

Now one order can feed the whole family: plov and shurpa for the adults, a chicken lavash and fries for the children, and a Baraka Coffee cheesecake for dessert. One delivery, one courier, the same waiting time.

On Tuesdays the second lavash is half price; see the Promotions section for the conditions.`,
    },
    image: { icon: 'stuffed-flatbread', background: '#fbeede' },
    published_at: '2026-11-12T06:30:00Z',
  },
];
