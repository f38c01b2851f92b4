import type { SeedPage } from '../types.ts';

/**
 * The formal pages. The legal entity, its address and the numbers here (minimum order 50 000 sum, delivery
 * 15 000 / 10 000 sum, free from 150 000 sum, hotline and hours) must agree with shipper.ts and stocks.ts.
 */
export const pages: SeedPage[] = [
  {
    slug: 'about',
    title: { ru: 'О нас', uz: 'Biz haqimizda', en: 'About us' },
    body: {
      ru: `Baraka — это семейные рестораны узбекской кухни и фастфуда в Ташкенте, Самарканде и Бухаре. Слово «барака» означает изобилие и благословение: так говорят о доме, где гостя всегда накормят досыта.

## Наша история

Первый ресторан Baraka открыли в 2012 году на Чиланзаре супруги Рустам и Дилноза Каримовы. Это было кафе на сорок мест с одним казаном плова, тандыром и мамиными рецептами. Через три года у кафе появился второй зал, а ещё через год — собственная доставка.

Сегодня Baraka — это больше десяти ресторанов в трёх городах, доставка с 09:00 до 03:00, кофейни Baraka Coffee и лаваш-бары Lavash Lab. Но плов мы по-прежнему готовим каждое утро в казане на живом огне, а самсу печём в глиняном тандыре.

## Во что мы верим

- Свежие продукты каждый день: мясо, овощи и зелень мы закупаем у фермеров Ташкентской, Самаркандской и Бухарской областей
- Честные порции и честные цены без скрытых наценок
- Гостеприимство: у нас рады и большой семье, и гостю, который зашёл на обед один
- Дети — желанные гости: во многих ресторанах есть игровые площадки и детское меню
- Забота о соседях: каждый Рамадан мы проводим благотворительные ифтары

## Baraka в цифрах

- 2012 — год открытия первого ресторана
- 3 города: Ташкент, Самарканд и Бухара
- более 600 сотрудников, из них 150 поваров
- около 1 500 килограммов плова каждый день
- более 60 блюд в меню
- до 5 000 заказов на доставку в день

Спасибо, что выбираете Baraka. Приходите в гости или заказывайте домой — мы всегда рады вам.`,
      uz: `Baraka — Toshkent, Samarqand va Buxorodagi milliy taomlar va fast-fud oilaviy restoranlari. "Baraka" so'zi mo'l-ko'lchilik va fayzni anglatadi: mehmon doim to'yib chiqadigan xonadon haqida shunday deyishadi.

## Tariximiz

Birinchi Baraka restoranini 2012-yilda Chilonzorda Rustam va Dilnoza Karimovlar ochishgan. Bu bitta osh qozoni, tandir va onajonimizning retseptlari bilan qirq o'rinli kafe edi. Uch yildan so'ng kafeda ikkinchi zal, yana bir yildan keyin esa o'z yetkazib berish xizmati paydo bo'ldi.

Bugun Baraka — uch shahardagi o'ndan ortiq restoran, 09:00 dan 03:00 gacha yetkazib berish, Baraka Coffee qahvaxonalari va Lavash Lab lavash-barlari. Ammo oshni hamon har kuni ertalab qozonda, olovda damlaymiz, somsani esa loy tandirda yopamiz.

## Qadriyatlarimiz

- Har kuni yangi mahsulotlar: go'sht, sabzavot va ko'katlarni Toshkent, Samarqand va Buxoro viloyatlari fermerlaridan olamiz
- To'liq porsiyalar va yashirin ustamalarsiz adolatli narxlar
- Mehmondo'stlik: katta oilaga ham, tushlikka yolg'iz kirgan mehmonga ham birdek xursandmiz
- Bolalar — aziz mehmonlarimiz: ko'plab restoranlarda o'yin maydonchalari va bolalar menyusi bor
- Qo'shnilarga g'amxo'rlik: har Ramazonda xayriya iftorlarini o'tkazamiz

## Raqamlarda Baraka

- 2012 — birinchi restoran ochilgan yil
- 3 ta shahar: Toshkent, Samarqand va Buxoro
- 600 dan ortiq xodim, ulardan 150 nafari oshpaz
- har kuni qariyb 1 500 kilogramm osh
- menyuda 60 dan ortiq taom
- kuniga 5 000 tagacha yetkazib berish buyurtmasi

Barakani tanlaganingiz uchun rahmat. Mehmonga keling yoki uyga buyurtma bering — sizga doim xursandmiz.`,
      en: `Baraka is a family chain of restaurants serving Uzbek food and fast food in Tashkent, Samarkand and Bukhara. The word "baraka" means plenty and blessing: it is what people say of a home where a guest always leaves well fed.

## Our story

Rustam and Dilnoza Karimov opened the first Baraka in Chilonzor in 2012. It was a forty-seat cafe with one kazan of plov, a tandoor and family recipes. Three years later the cafe gained a second hall, and a year after that its own delivery service.

Today Baraka is more than ten restaurants in three cities, delivery from 09:00 to 03:00, Baraka Coffee cafes and Lavash Lab wrap bars. We still cook plov every morning in a kazan over a live fire and bake somsa in a clay tandoor.

## What we believe in

- Fresh produce every day: we buy meat, vegetables and herbs from farmers in the Tashkent, Samarkand and Bukhara regions
- Honest portions and honest prices with no hidden mark-ups
- Hospitality: a big family and a guest lunching alone are equally welcome
- Children are welcome guests: many of our restaurants have playgrounds and a kids' menu
- Caring for our neighbours: every Ramadan we hold charity iftars

## Baraka in numbers

- 2012: the year the first restaurant opened
- 3 cities: Tashkent, Samarkand and Bukhara
- more than 600 people on the team, 150 of them cooks
- about 1,500 kilograms of plov every day
- more than 60 dishes on the menu
- up to 5,000 delivery orders a day

Thank you for choosing Baraka. Come and visit, or order home: you are always welcome.`,
    },
  },
  {
    slug: 'offer',
    title: {
      ru: 'Публичная оферта',
      uz: 'Ommaviy oferta',
      en: 'Public offer agreement',
    },
    body: {
      ru: `Редакция от 1 октября 2026 года.

## 1. Общие положения

1.1. Настоящий документ является публичной офертой ООО «BARAKA FOOD GROUP» (далее — Исполнитель) и содержит условия продажи и доставки блюд и напитков ресторанов Baraka, Baraka Coffee и Lavash Lab, заказанных через сайт, мобильное приложение или по телефону.

1.2. Оферта составлена в соответствии с Гражданским кодексом Республики Узбекистан и Законом Республики Узбекистан «О защите прав потребителей».

1.3. Акцептом оферты является оформление заказа любым из указанных способов. С момента акцепта договор между Исполнителем и Заказчиком считается заключённым на условиях оферты.

1.4. Исполнитель вправе изменять оферту. Новая редакция вступает в силу с момента публикации на сайте; к уже принятым заказам применяется редакция, действовавшая на момент их оформления.

## 2. Стороны

2.1. Исполнитель — ООО «BARAKA FOOD GROUP», ИНН 307 845 219, адрес: 100115, г. Ташкент, Чиланзарский район, проспект Бунёдкор, 18.

2.2. Заказчик — физическое лицо, оформившее заказ для личных нужд, не связанных с предпринимательской деятельностью.

## 3. Предмет договора

3.1. Исполнитель обязуется приготовить и передать Заказчику блюда и напитки из меню (далее — Товар), а Заказчик — принять и оплатить Товар.

3.2. Описание, состав, вес и пищевая ценность Товара указаны на сайте. Фотографии носят иллюстративный характер, и внешний вид блюда может незначительно отличаться.

## 4. Оформление заказа

4.1. Заказ принимается ежедневно с 09:00 до 03:00 на сайте, в мобильном приложении Baraka и по телефону горячей линии +998 71 200 10 10.

4.2. Для оформления заказа Заказчик входит по номеру телефона с кодом из SMS и указывает адрес доставки или ресторан для самовывоза, способ оплаты и, при желании, время, к которому нужен заказ.

4.3. Заказ считается принятым после подтверждения уведомлением на сайте, в приложении или звонком оператора.

4.4. Исполнитель вправе отказать в приёме заказа, если адрес находится вне зоны доставки, сумма заказа меньше минимальной, указанной в условиях доставки, или блюда временно нет в наличии, сообщив об этом Заказчику.

## 5. Цены и оплата

5.1. Цены указаны в национальной валюте Республики Узбекистан — сумах (UZS) и включают все налоги. Цена фиксируется в момент оформления заказа.

5.2. Стоимость доставки указывается до подтверждения заказа и зависит от города и суммы заказа.

5.3. Заказ можно оплатить следующими способами:

- наличными курьеру или на кассе ресторана
- банковской картой Uzcard, Humo, Visa или Mastercard через терминал при получении
- онлайн через платёжную систему Payme
- онлайн через платёжную систему Click
- баллами карты Baraka Club — до 50% суммы заказа

5.4. Онлайн-платежи обрабатываются платёжными системами. Исполнитель не получает и не хранит данные банковских карт Заказчика.

5.5. Заказчику выдаётся фискальный чек, в том числе электронный с QR-кодом.

5.6. Скидки и промокоды применяются по правилам соответствующих акций. Если правилами акции не предусмотрено иное, на один заказ действует одна скидка.

## 6. Доставка и самовывоз

6.1. Доставка осуществляется в пределах зон, опубликованных в условиях доставки. Время доставки, указанное при оформлении, является ориентировочным и зависит от загруженности дорог и погоды.

6.2. Курьер ожидает Заказчика по указанному адресу не более 15 минут. Если Заказчик недоступен по телефону, заказ возвращается в ресторан, а стоимость приготовленных блюд и доставки не возвращается.

6.3. При самовывозе заказ хранится в выбранном ресторане 30 минут после указанного времени готовности.

6.4. Комплектность заказа и целостность упаковки Заказчик проверяет при получении, в присутствии курьера или кассира.

## 7. Отмена заказа

7.1. Заказчик может бесплатно отменить заказ до начала его приготовления, позвонив на горячую линию или в приложении, пока заказ имеет статус «Новый».

7.2. После начала приготовления отмена возможна только с оплатой стоимости уже приготовленных блюд.

7.3. Исполнитель вправе отменить заказ при невозможности связаться с Заказчиком или по обстоятельствам непреодолимой силы. В этом случае предоплата возвращается полностью.

7.4. Деньги, оплаченные онлайн, возвращаются тем же способом, которым была произведена оплата, в срок до 10 рабочих дней.

## 8. Качество Товара

8.1. Товар готовится с соблюдением санитарных норм и правил Республики Узбекистан.

8.2. Готовые блюда надлежащего качества обмену и возврату не подлежат. Претензии к качеству принимаются в порядке, описанном в правилах возврата.

## 9. Персональные данные

9.1. Оформляя заказ, Заказчик даёт согласие на обработку своих персональных данных — имени, номера телефона, адреса доставки и истории заказов — в соответствии с Законом Республики Узбекистан «О персональных данных» от 2 июля 2019 года № ЗРУ-547.

9.2. Данные обрабатываются для приёма, доставки и оплаты заказов, связи с Заказчиком и работы программы Baraka Club. Рекламные рассылки направляются только с отдельного согласия, от них можно отказаться в любой момент.

9.3. Персональные данные хранятся на серверах, расположенных на территории Республики Узбекистан, и передаются третьим лицам — курьерам и платёжным системам — только в объёме, необходимом для выполнения заказа.

9.4. Заказчик вправе запросить сведения о своих данных, их исправление или удаление, написав на info@baraka.uz.

## 10. Ответственность

10.1. Стороны несут ответственность в соответствии с законодательством Республики Узбекистан.

10.2. Исполнитель не отвечает за задержку или невозможность доставки из-за неверно указанного адреса, недоступности Заказчика или обстоятельств непреодолимой силы, включая погодные условия, перекрытие дорог и решения государственных органов.

10.3. Ответственность Исполнителя по заказу ограничена стоимостью этого заказа.

10.4. Споры решаются путём переговоров. Письменная претензия рассматривается в течение 10 дней, а при недостижении согласия спор передаётся в суд по месту нахождения Исполнителя.

## 11. Реквизиты и контакты

- ООО «BARAKA FOOD GROUP», ИНН 307 845 219
- Адрес: 100115, г. Ташкент, Чиланзарский район, проспект Бунёдкор, 18
- Горячая линия: +998 71 200 10 10, ежедневно с 09:00 до 03:00
- Электронная почта: info@baraka.uz`,
      uz: `2026-yil 1-oktabrdagi tahrir.

## 1. Umumiy qoidalar

1.1. Ushbu hujjat "BARAKA FOOD GROUP" MChJning (bundan buyon — Ijrochi) ommaviy ofertasi bo'lib, sayt, mobil ilova yoki telefon orqali buyurtma qilingan Baraka, Baraka Coffee va Lavash Lab restoranlari taom va ichimliklarini sotish va yetkazib berish shartlarini o'z ichiga oladi.

1.2. Oferta O'zbekiston Respublikasi Fuqarolik kodeksi va O'zbekiston Respublikasining "Iste'molchilarning huquqlarini himoya qilish to'g'risida"gi Qonuniga muvofiq tuzilgan.

1.3. Ko'rsatilgan usullardan biri orqali buyurtma rasmiylashtirilishi ofertaning aksepti hisoblanadi. Aksept paytidan boshlab Ijrochi va Buyurtmachi o'rtasidagi shartnoma oferta shartlarida tuzilgan hisoblanadi.

1.4. Ijrochi ofertaga o'zgartirish kiritishga haqli. Yangi tahrir saytda e'lon qilingan paytdan kuchga kiradi; qabul qilingan buyurtmalarga ular rasmiylashtirilgan paytda amalda bo'lgan tahrir qo'llaniladi.

## 2. Tomonlar

2.1. Ijrochi — "BARAKA FOOD GROUP" MChJ, STIR 307 845 219, manzil: 100115, Toshkent shahri, Chilonzor tumani, Bunyodkor shoh ko'chasi, 18-uy.

2.2. Buyurtmachi — tadbirkorlik faoliyati bilan bog'liq bo'lmagan shaxsiy ehtiyojlari uchun buyurtma bergan jismoniy shaxs.

## 3. Shartnoma predmeti

3.1. Ijrochi menyudagi taom va ichimliklarni (bundan buyon — Tovar) tayyorlash va Buyurtmachiga topshirish, Buyurtmachi esa Tovarni qabul qilish va uning haqini to'lash majburiyatini oladi.

3.2. Tovarning tavsifi, tarkibi, og'irligi va ozuqaviy qiymati saytda ko'rsatilgan. Suratlar tasviriy xususiyatga ega, taomning tashqi ko'rinishi biroz farq qilishi mumkin.

## 4. Buyurtmani rasmiylashtirish

4.1. Buyurtmalar har kuni 09:00 dan 03:00 gacha saytda, Baraka mobil ilovasida va +998 71 200 10 10 ishonch telefoni orqali qabul qilinadi.

4.2. Buyurtma berish uchun Buyurtmachi telefon raqami va SMS-kod orqali tizimga kiradi hamda yetkazib berish manzili yoki olib ketish uchun restoranni, to'lov usulini va, xohishiga ko'ra, buyurtma kerak bo'lgan vaqtni ko'rsatadi.

4.3. Buyurtma saytdagi, ilovadagi bildirishnoma yoki operator qo'ng'irog'i bilan tasdiqlangandan so'ng qabul qilingan hisoblanadi.

4.4. Agar manzil yetkazib berish hududidan tashqarida bo'lsa, buyurtma summasi yetkazib berish shartlarida ko'rsatilgan eng kam summadan kam bo'lsa yoki taom vaqtincha mavjud bo'lmasa, Ijrochi Buyurtmachini xabardor qilgan holda buyurtmani qabul qilishni rad etishga haqli.

## 5. Narxlar va to'lov

5.1. Narxlar O'zbekiston Respublikasi milliy valyutasi — so'mda (UZS) ko'rsatilgan va barcha soliqlarni o'z ichiga oladi. Narx buyurtma rasmiylashtirilgan paytda qat'iylashtiriladi.

5.2. Yetkazib berish narxi buyurtma tasdiqlanishidan oldin ko'rsatiladi va shahar hamda buyurtma summasiga bog'liq.

5.3. Buyurtma uchun quyidagi usullarda to'lash mumkin:

- Kuryerga yoki restoran kassasiga naqd pul bilan
- Qabul qilishda terminal orqali Uzcard, Humo, Visa yoki Mastercard bank kartasi bilan
- Payme to'lov tizimi orqali onlayn
- Click to'lov tizimi orqali onlayn
- Baraka Club kartasi ballari bilan — buyurtma summasining 50 foizigacha

5.4. Onlayn to'lovlar to'lov tizimlari tomonidan amalga oshiriladi. Ijrochi Buyurtmachining bank kartasi ma'lumotlarini olmaydi va saqlamaydi.

5.5. Buyurtmachiga fiskal chek, jumladan QR-kodli elektron chek beriladi.

5.6. Chegirmalar va promokodlar tegishli aksiyalar qoidalariga ko'ra qo'llaniladi. Agar aksiya qoidalarida boshqacha nazarda tutilmagan bo'lsa, bitta buyurtmaga bitta chegirma amal qiladi.

## 6. Yetkazib berish va olib ketish

6.1. Yetkazib berish yetkazib berish shartlarida e'lon qilingan hududlar doirasida amalga oshiriladi. Rasmiylashtirishda ko'rsatilgan yetkazib berish vaqti taxminiy bo'lib, yo'llardagi tirbandlik va ob-havoga bog'liq.

6.2. Kuryer Buyurtmachini ko'rsatilgan manzilda 15 daqiqadan ko'p kutmaydi. Agar Buyurtmachi bilan telefon orqali bog'lanib bo'lmasa, buyurtma restoranga qaytariladi, tayyorlangan taomlar va yetkazib berish narxi qaytarilmaydi.

6.3. Olib ketishda buyurtma tanlangan restoranda ko'rsatilgan tayyor bo'lish vaqtidan keyin 30 daqiqa saqlanadi.

6.4. Buyurtmaning to'liqligi va qadoq butunligini Buyurtmachi qabul qilishda kuryer yoki kassir ishtirokida tekshiradi.

## 7. Buyurtmani bekor qilish

7.1. Buyurtma "Yangi" holatida bo'lgan vaqtda, ya'ni tayyorlanishi boshlanguncha, Buyurtmachi uni ishonch telefoniga qo'ng'iroq qilib yoki ilovada bepul bekor qilishi mumkin.

7.2. Tayyorlash boshlangandan keyin bekor qilish faqat tayyorlab bo'lingan taomlar narxini to'lash sharti bilan mumkin.

7.3. Buyurtmachi bilan bog'lanishning imkoni bo'lmaganda yoki yengib bo'lmaydigan kuch holatlarida Ijrochi buyurtmani bekor qilishga haqli. Bunday holda oldindan to'langan summa to'liq qaytariladi.

7.4. Onlayn to'langan mablag'lar to'lov qanday usulda amalga oshirilgan bo'lsa, o'sha usulda 10 ish kunigacha bo'lgan muddatda qaytariladi.

## 8. Tovar sifati

8.1. Tovar O'zbekiston Respublikasining sanitariya me'yorlari va qoidalariga rioya qilgan holda tayyorlanadi.

8.2. Sifatli tayyor taomlar almashtirilmaydi va qaytarib olinmaydi. Sifatga oid da'volar qaytarish qoidalarida bayon etilgan tartibda qabul qilinadi.

## 9. Shaxsga doir ma'lumotlar

9.1. Buyurtmani rasmiylashtirar ekan, Buyurtmachi o'zining shaxsga doir ma'lumotlari — ismi, telefon raqami, yetkazib berish manzili va buyurtmalar tarixi O'zbekiston Respublikasining 2019-yil 2-iyuldagi O'RQ-547-son "Shaxsga doir ma'lumotlar to'g'risida"gi Qonuniga muvofiq qayta ishlanishiga rozilik beradi.

9.2. Ma'lumotlar buyurtmalarni qabul qilish, yetkazib berish va to'lash, Buyurtmachi bilan bog'lanish va Baraka Club dasturi ishlashi uchun qayta ishlanadi. Reklama xabarlari faqat alohida rozilik bilan yuboriladi, ulardan istalgan vaqtda voz kechish mumkin.

9.3. Shaxsga doir ma'lumotlar O'zbekiston Respublikasi hududida joylashgan serverlarda saqlanadi va uchinchi shaxslarga — kuryerlar va to'lov tizimlariga faqat buyurtmani bajarish uchun zarur hajmda uzatiladi.

9.4. Buyurtmachi info@baraka.uz manziliga yozib, o'z ma'lumotlari haqida axborot olish, ularni tuzatish yoki o'chirishni so'rashga haqli.

## 10. Javobgarlik

10.1. Tomonlar O'zbekiston Respublikasi qonunchiligiga muvofiq javobgar bo'ladi.

10.2. Manzil noto'g'ri ko'rsatilgani, Buyurtmachi bilan bog'lanib bo'lmagani yoki yengib bo'lmaydigan kuch holatlari, jumladan ob-havo sharoiti, yo'llarning yopilishi va davlat organlari qarorlari sababli yetkazib berish kechikishi yoki imkonsiz bo'lishi uchun Ijrochi javob bermaydi.

10.3. Ijrochining buyurtma bo'yicha javobgarligi ushbu buyurtma narxi bilan cheklanadi.

10.4. Nizolar muzokaralar yo'li bilan hal qilinadi. Yozma da'vo 10 kun ichida ko'rib chiqiladi, kelishuvga erishilmaganda nizo Ijrochi joylashgan yerdagi sudga topshiriladi.

## 11. Rekvizitlar va aloqa

- "BARAKA FOOD GROUP" MChJ, STIR 307 845 219
- Manzil: 100115, Toshkent shahri, Chilonzor tumani, Bunyodkor shoh ko'chasi, 18-uy
- Ishonch telefoni: +998 71 200 10 10, har kuni 09:00 dan 03:00 gacha
- Elektron pochta: info@baraka.uz`,
      en: `Version of 1 October 2026.

## 1. General provisions

1.1. This document is a public offer by BARAKA FOOD GROUP LLC (the Seller) and sets out the terms on which food and drinks from Baraka, Baraka Coffee and Lavash Lab restaurants, ordered on the website, in the mobile app or by phone, are sold and delivered.

1.2. The offer is made under the Civil Code of the Republic of Uzbekistan and the Law of the Republic of Uzbekistan "On Protection of Consumer Rights".

1.3. Placing an order by any of these means is acceptance of the offer. From the moment of acceptance a contract between the Seller and the Customer is concluded on the terms of this offer.

1.4. The Seller may amend the offer. A new version takes effect when it is published on the website; orders already accepted remain under the version in force when they were placed.

## 2. Parties

2.1. The Seller is BARAKA FOOD GROUP LLC, taxpayer number (TIN) 307 845 219, registered at 18 Bunyodkor Avenue, Chilonzor district, Tashkent 100115.

2.2. The Customer is an individual who places an order for personal needs not connected with business activity.

## 3. Subject of the agreement

3.1. The Seller undertakes to prepare and hand over to the Customer food and drinks from the menu (the Goods), and the Customer undertakes to accept and pay for them.

3.2. The description, ingredients, weight and nutritional value of the Goods are shown on the website. Photographs are for illustration, and a dish may look slightly different.

## 4. Placing an order

4.1. Orders are taken every day from 09:00 to 03:00 on the website, in the Baraka mobile app and on the hotline +998 71 200 10 10.

4.2. To order, the Customer signs in with a phone number and a code sent by SMS, and gives a delivery address or a restaurant for pickup, a payment method and, if they wish, the time the order is wanted for.

4.3. An order is accepted once it is confirmed by a notice on the website or in the app, or by a call from an operator.

4.4. The Seller may decline an order, telling the Customer so, if the address is outside the delivery zone, if the order total is below the minimum stated in the delivery terms, or if a dish is temporarily unavailable.

## 5. Prices and payment

5.1. Prices are in the national currency of the Republic of Uzbekistan, the sum (UZS), and include all taxes. The price is fixed at the moment the order is placed.

5.2. The delivery charge is shown before the order is confirmed and depends on the city and the order total.

5.3. An order can be paid for:

- in cash to the courier or at the restaurant till
- by Uzcard, Humo, Visa or Mastercard bank card on a terminal on receipt
- online through the Payme payment system
- online through the Click payment system
- with Baraka Club points, for up to 50% of the order total

5.4. Online payments are processed by the payment systems. The Seller neither receives nor stores the Customer's card details.

5.5. The Customer receives a fiscal receipt, which may be an electronic receipt with a QR code.

5.6. Discounts and promo codes apply under the rules of each promotion. Unless those rules say otherwise, one discount applies per order.

## 6. Delivery and pickup

6.1. Delivery is made within the zones published in the delivery terms. The delivery time shown when ordering is an estimate and depends on traffic and weather.

6.2. The courier waits at the address for no more than 15 minutes. If the Customer cannot be reached by phone, the order goes back to the restaurant and the cost of the prepared food and of the delivery is not refunded.

6.3. A pickup order is kept at the chosen restaurant for 30 minutes after the stated ready time.

6.4. The Customer checks that the order is complete and the packaging intact on receipt, in the presence of the courier or cashier.

## 7. Cancellation

7.1. The Customer may cancel an order free of charge before it starts being prepared, while its status is "New", by calling the hotline or in the app.

7.2. Once preparation has started, an order can be cancelled only on payment for the food already prepared.

7.3. The Seller may cancel an order if the Customer cannot be contacted or in case of force majeure. Any prepayment is then refunded in full.

7.4. Money paid online is refunded by the same method it was paid with, within 10 working days.

## 8. Quality of the Goods

8.1. The Goods are prepared in accordance with the sanitary norms and rules of the Republic of Uzbekistan.

8.2. Prepared food of proper quality cannot be exchanged or returned. Complaints about quality are handled as described in the return rules.

## 9. Personal data

9.1. By placing an order the Customer consents to the processing of their personal data (name, phone number, delivery address and order history) under the Law of the Republic of Uzbekistan "On Personal Data" No. ZRU-547 of 2 July 2019.

9.2. The data are processed to take, deliver and settle orders, to contact the Customer and to run the Baraka Club programme. Marketing messages are sent only with separate consent, which can be withdrawn at any time.

9.3. Personal data are stored on servers located in the Republic of Uzbekistan and passed to third parties, namely couriers and payment systems, only as far as needed to fulfil the order.

9.4. The Customer may ask to see, correct or delete their data by writing to info@baraka.uz.

## 10. Liability

10.1. The parties are liable under the legislation of the Republic of Uzbekistan.

10.2. The Seller is not liable for late or failed delivery caused by a wrong address, by the Customer being unreachable, or by force majeure, including weather, road closures and decisions of public authorities.

10.3. The Seller's liability for an order is limited to the price of that order.

10.4. Disputes are settled by negotiation. A written claim is considered within 10 days; if no agreement is reached, the dispute goes to the court at the Seller's location.

## 11. Details and contacts

- BARAKA FOOD GROUP LLC, TIN 307 845 219
- Address: 18 Bunyodkor Avenue, Chilonzor district, Tashkent 100115
- Hotline: +998 71 200 10 10, daily from 09:00 to 03:00
- E-mail: info@baraka.uz`,
    },
  },
  {
    slug: 'rules',
    title: {
      ru: 'Правила пользования сайтом',
      uz: 'Saytdan foydalanish qoidalari',
      en: 'Website terms of use',
    },
    body: {
      ru: `Сайт baraka.uz и мобильное приложение Baraka принадлежат ООО «BARAKA FOOD GROUP». Пользуясь ими, вы соглашаетесь с этими правилами и с публичной офертой.

## Вход в личный кабинет

- Вход выполняется по номеру телефона и шестизначному коду из SMS; повторно запросить код можно через 60 секунд
- Для входа нужно принять условия публичной оферты
- Один номер телефона — один личный кабинет; не сообщайте код из SMS другим людям

## Оформление заказа

- Выберите город, способ получения — доставку или самовывоз — и адрес или ресторан
- Меню и цены зависят от выбранного ресторана; блюда, которых временно нет, отмечены как недоступные
- Самовывоз можно оформить только из ресторана, который сейчас открыт
- Доставка выполняется при сумме заказа не меньше минимальной, указанной в условиях доставки
- После оформления следите за статусом заказа в разделе «Мои заказы»

## Промокоды, акции и баллы

- К одному заказу можно применить один промокод
- Условия каждой акции опубликованы в разделе «Акции»
- Баллы Baraka Club начисляются после получения заказа и могут покрыть до 50% следующего

## Отзывы

Оставить отзыв о блюде можно только после заказа, в котором оно было, — один отзыв на одно блюдо. Отзывы с оскорблениями, рекламой или чужими персональными данными мы не публикуем.

## Запрещено

- оформлять заказы на чужие номера без согласия их владельцев и делать ложные заказы
- использовать программы для автоматического сбора данных с сайта
- пытаться получить доступ к чужим личным кабинетам или нарушать работу сайта

При нарушении правил мы можем ограничить доступ к личному кабинету или приём заказов с оплатой наличными. Мы можем менять эти правила; актуальная редакция всегда опубликована на этой странице.`,
      uz: `baraka.uz sayti va Baraka mobil ilovasi "BARAKA FOOD GROUP" MChJga tegishli. Ulardan foydalanib, siz ushbu qoidalar va ommaviy oferta bilan rozilik bildirasiz.

## Shaxsiy kabinetga kirish

- Kirish telefon raqami va SMS orqali yuborilgan olti xonali kod bilan amalga oshiriladi; kodni 60 soniyadan keyin qayta so'rash mumkin
- Kirish uchun ommaviy oferta shartlarini qabul qilish kerak
- Bitta telefon raqami — bitta shaxsiy kabinet; SMS-kodni boshqalarga aytmang

## Buyurtma berish

- Shahar, qabul qilish usuli — yetkazib berish yoki olib ketishni va manzil yoki restoranni tanlang
- Menyu va narxlar tanlangan restoranga bog'liq; vaqtincha mavjud bo'lmagan taomlar "Mavjud emas" deb belgilanadi
- Olib ketish faqat hozir ochiq bo'lgan restorandan rasmiylashtiriladi
- Yetkazib berish buyurtma summasi yetkazib berish shartlarida ko'rsatilgan eng kam summadan kam bo'lmaganda amalga oshiriladi
- Rasmiylashtirgandan so'ng buyurtma holatini "Buyurtmalarim" bo'limida kuzatib boring

## Promokodlar, aksiyalar va ballar

- Bitta buyurtmaga bitta promokod qo'llash mumkin
- Har bir aksiya shartlari "Aksiyalar" bo'limida e'lon qilingan
- Baraka Club ballari buyurtma qabul qilingandan so'ng hisoblanadi va keyingi buyurtmaning 50 foizigacha qismini qoplashi mumkin

## Sharhlar

Taom haqida sharhni faqat shu taom bo'lgan buyurtmadan keyin qoldirish mumkin — bitta taomga bitta sharh. Haqorat, reklama yoki boshqalarning shaxsiy ma'lumotlari bo'lgan sharhlarni e'lon qilmaymiz.

## Taqiqlanadi

- Egalarining roziligisiz boshqalarning raqamlariga buyurtma berish va soxta buyurtmalar berish
- Saytdan ma'lumotlarni avtomatik yig'ish dasturlaridan foydalanish
- Boshqalarning shaxsiy kabinetlariga kirishga urinish yoki sayt ishini buzish

Qoidalar buzilganda shaxsiy kabinetga kirishni yoki naqd pul bilan to'lanadigan buyurtmalarni cheklashimiz mumkin. Ushbu qoidalarni o'zgartirishimiz mumkin, amaldagi tahriri doim shu sahifada e'lon qilinadi.`,
      en: `The baraka.uz website and the Baraka mobile app belong to BARAKA FOOD GROUP LLC. By using them you agree to these terms and to the public offer agreement.

## Signing in

- You sign in with your phone number and a six-digit code sent by SMS; a new code can be requested after 60 seconds
- Signing in requires accepting the public offer
- One phone number, one account; never share your SMS code

## Placing an order

- Choose your city, how you want to get the order (delivery or pickup) and an address or a restaurant
- The menu and prices depend on the chosen restaurant; dishes that are temporarily out are marked as unavailable
- Pickup can only be ordered from a restaurant that is open right now
- Delivery requires an order total no lower than the minimum given in the delivery terms
- After ordering, follow its status under My orders

## Promo codes, promotions and points

- One promo code can be applied per order
- The conditions of each promotion are published under Promotions
- Baraka Club points are added once the order is received and can cover up to 50% of the next one

## Reviews

You can review a dish only after an order that contained it, one review per dish. We do not publish reviews with insults, advertising or other people's personal data.

## Not allowed

- ordering on someone else's number without their consent, or placing fake orders
- using software to harvest data from the website automatically
- trying to get into other people's accounts or disrupting the website

If these terms are broken we may restrict access to the account or stop accepting cash orders from it. We may change these terms; the current version is always published on this page.`,
    },
  },
  {
    slug: 'return-product-rules',
    title: {
      ru: 'Правила возврата',
      uz: 'Qaytarish qoidalari',
      en: 'Returns and complaints',
    },
    body: {
      ru: `Мы хотим, чтобы каждый заказ приходил вкусным, горячим и полным. Если что-то пошло не так, сообщите нам — мы разберёмся и всё исправим.

## Что можно вернуть

Готовые блюда надлежащего качества по законодательству Республики Узбекистан обмену и возврату не подлежат. Мы принимаем претензии, если:

- в заказе не хватает блюда или привезли не то блюдо
- блюдо испорчено, остыло из-за задержки по нашей вине или в нём есть посторонний предмет
- повреждена упаковка и блюдо пролилось
- с вас списали больше, чем стоил заказ

## Сроки

- недостающие или перепутанные блюда — при получении в присутствии курьера или в течение 1 часа после доставки
- качество блюд — в день получения заказа
- ошибки в оплате — в течение 30 дней

## Как сообщить

Позвоните на горячую линию +998 71 200 10 10 (ежедневно с 09:00 до 03:00) или напишите на quality@baraka.uz. Укажите номер заказа и приложите фотографию блюда и упаковки. Пожалуйста, сохраните блюдо до ответа службы качества.

## Как мы решаем

Мы отвечаем в течение 24 часов. В зависимости от ситуации мы бесплатно привезём недостающее или новое блюдо, вернём деньги за блюдо или за весь заказ либо начислим его стоимость баллами Baraka Club — по вашему выбору.

## Возврат денег

- наличные — курьер или кассир ресторана возвращает деньги сразу
- банковская карта через терминал — возврат на ту же карту в течение 10 рабочих дней
- Payme и Click — возврат на тот же счёт или карту в течение 10 рабочих дней, срок зачисления зависит от банка
- баллы Baraka Club — возвращаются на карту сразу после решения`,
      uz: `Har bir buyurtma mazali, issiq va to'liq yetib borishini istaymiz. Agar biror narsa noto'g'ri bo'lsa, bizga xabar bering — aniqlaymiz va hammasini tuzatamiz.

## Nimani qaytarish mumkin

O'zbekiston Respublikasi qonunchiligiga ko'ra sifatli tayyor taomlar almashtirilmaydi va qaytarib olinmaydi. Biz quyidagi hollarda da'volarni qabul qilamiz:

- Buyurtmada taom yetishmasa yoki boshqa taom keltirilgan bo'lsa
- Taom buzilgan, bizning aybimiz bilan kechikish sababli sovib qolgan yoki unda begona narsa bo'lsa
- Qadoq shikastlangan va taom to'kilgan bo'lsa
- Sizdan buyurtma narxidan ko'proq pul yechilgan bo'lsa

## Muddatlar

- Yetishmayotgan yoki adashtirilgan taomlar — qabul qilishda kuryer ishtirokida yoki yetkazib berilgandan keyin 1 soat ichida
- Taomlar sifati — buyurtma olingan kunning o'zida
- To'lovdagi xatolar — 30 kun ichida

## Qanday xabar berish kerak

+998 71 200 10 10 ishonch telefoniga (har kuni 09:00 dan 03:00 gacha) qo'ng'iroq qiling yoki quality@baraka.uz manziliga yozing. Buyurtma raqamini ko'rsating va taom hamda qadoq suratini ilova qiling. Iltimos, sifat xizmati javob berguncha taomni saqlab qo'ying.

## Qanday hal qilamiz

24 soat ichida javob beramiz. Vaziyatga qarab yetishmagan yoki yangi taomni bepul olib boramiz, taom yoki butun buyurtma pulini qaytaramiz yoki uning qiymatini Baraka Club ballari sifatida hisoblaymiz — tanlov sizda.

## Pulni qaytarish

- Naqd pul — kuryer yoki restoran kassiri pulni darhol qaytaradi
- Terminal orqali bank kartasi — 10 ish kuni ichida o'sha kartaga qaytariladi
- Payme va Click — 10 ish kuni ichida o'sha hisob yoki kartaga qaytariladi, tushish muddati bankka bog'liq
- Baraka Club ballari — qarordan so'ng darhol kartaga qaytariladi`,
      en: `We want every order to arrive tasty, hot and complete. If something went wrong, tell us: we will look into it and put it right.

## What can be returned

Under the law of the Republic of Uzbekistan, prepared food of proper quality cannot be exchanged or returned. We do accept complaints when:

- a dish is missing from the order or the wrong dish was delivered
- a dish is spoiled, went cold because of a delay on our side, or contains a foreign object
- the packaging was damaged and the food spilled
- you were charged more than the order cost

## Time limits

- missing or mixed-up dishes: on receipt in front of the courier, or within 1 hour of delivery
- quality of the food: on the day you received the order
- payment errors: within 30 days

## How to tell us

Call the hotline +998 71 200 10 10 (daily from 09:00 to 03:00) or write to quality@baraka.uz. Give the order number and attach a photo of the dish and its packaging. Please keep the food until the quality team replies.

## How we resolve it

We reply within 24 hours. Depending on what happened, we will bring the missing or a fresh dish free of charge, refund the dish or the whole order, or credit its value as Baraka Club points, whichever you prefer.

## Refunds

- cash: the courier or the restaurant cashier refunds you on the spot
- bank card on a terminal: back to the same card within 10 working days
- Payme and Click: back to the same account or card within 10 working days; when it shows depends on your bank
- Baraka Club points: returned to the card as soon as the decision is made`,
    },
  },
  {
    slug: 'delivery-terms',
    title: {
      ru: 'Условия доставки',
      uz: 'Yetkazib berish shartlari',
      en: 'Delivery terms',
    },
    body: {
      ru: `Мы доставляем заказы в Ташкенте, Самарканде и Бухаре ежедневно с 09:00 до 03:00. Каждый заказ готовит ближайший к вам ресторан Baraka.

## Зоны доставки

- Ташкент — вся территория города в пределах Ташкентской кольцевой автодороги
- Самарканд и Бухара — в пределах городской черты

Точно проверить адрес можно при оформлении заказа: отметьте точку на карте, и сайт покажет, входит ли она в зону доставки. Если адрес вне зоны, оформите самовывоз или укажите другой адрес.

## Стоимость

- минимальная сумма заказа на доставку — 50 000 сум
- доставка по Ташкенту — 15 000 сум
- доставка по Самарканду и Бухаре — 10 000 сум
- при заказе от 150 000 сум доставка бесплатная

## Время доставки

Обычно заказ приезжает за 40–60 минут. В часы пик, в праздники и в непогоду доставка может занять до 90 минут — точное время мы покажем при оформлении. Заказ можно оформить и заранее, к удобному времени.

## Самовывоз

Заберите заказ в любом открытом ресторане Baraka — он будет готов через 20–30 минут. Минимальная сумма на самовывоз не действует, а заказ хранится 30 минут после времени готовности.

## Оплата

Оплатить заказ можно наличными, банковской картой через терминал курьера, через Payme или Click, а также баллами Baraka Club. Горячие и холодные блюда мы упаковываем отдельно в термосумки, а каждый пакет пломбируем на кухне.`,
      uz: `Buyurtmalarni Toshkent, Samarqand va Buxoroda har kuni 09:00 dan 03:00 gacha yetkazib beramiz. Har bir buyurtmani sizga eng yaqin Baraka restorani tayyorlaydi.

## Yetkazib berish hududlari

- Toshkent — Toshkent halqa avtomobil yo'li ichidagi butun shahar hududi
- Samarqand va Buxoro — shahar chegarasi doirasida

Manzilni buyurtma rasmiylashtirishda aniq tekshirish mumkin: xaritada nuqtani belgilang, sayt u yetkazib berish hududiga kirish-kirmasligini ko'rsatadi. Agar manzil hududdan tashqarida bo'lsa, olib ketishni tanlang yoki boshqa manzil ko'rsating.

## Narxi

- Yetkazib berish uchun eng kam buyurtma summasi — 50 000 so'm
- Toshkent bo'ylab yetkazib berish — 15 000 so'm
- Samarqand va Buxoro bo'ylab yetkazib berish — 10 000 so'm
- 150 000 so'm va undan ko'p summadagi buyurtmada yetkazib berish bepul

## Yetkazib berish vaqti

Odatda buyurtma 40–60 daqiqada yetib keladi. Gavjum soatlarda, bayramlarda va noqulay ob-havoda yetkazib berish 90 daqiqagacha cho'zilishi mumkin — aniq vaqtni rasmiylashtirishda ko'rsatamiz. Buyurtmani oldindan, o'zingizga qulay vaqtga ham berish mumkin.

## Olib ketish

Buyurtmani istalgan ochiq Baraka restoranidan olib keting — u 20–30 daqiqada tayyor bo'ladi. Olib ketishda eng kam summa talabi yo'q, buyurtma tayyor bo'lgan vaqtdan keyin 30 daqiqa saqlanadi.

## To'lov

Buyurtma uchun naqd pul, kuryer terminali orqali bank kartasi, Payme yoki Click, shuningdek Baraka Club ballari bilan to'lash mumkin. Issiq va sovuq taomlarni termosumkalarga alohida joylaymiz, har bir paketni esa oshxonada muhrlaymiz.`,
      en: `We deliver in Tashkent, Samarkand and Bukhara every day from 09:00 to 03:00. Each order is cooked by the Baraka restaurant nearest to you.

## Delivery zones

- Tashkent: the whole city inside the Tashkent ring road
- Samarkand and Bukhara: within the city limits

You can check your exact address when ordering: drop a pin on the map and the website shows whether it is inside the delivery zone. If it is not, choose pickup or give another address.

## Prices

- minimum order for delivery: 50,000 sum
- delivery in Tashkent: 15,000 sum
- delivery in Samarkand and Bukhara: 10,000 sum
- delivery is free on orders from 150,000 sum

## Delivery time

An order usually arrives in 40–60 minutes. At rush hour, on holidays and in bad weather it can take up to 90 minutes; we show the exact estimate when you order. You can also order ahead for a time that suits you.

## Pickup

Collect your order from any open Baraka restaurant; it will be ready in 20–30 minutes. There is no minimum for pickup, and the order is kept for 30 minutes after its ready time.

## Payment

Pay in cash, by bank card on the courier's terminal, through Payme or Click, or with Baraka Club points. We pack hot and cold dishes separately in insulated bags and seal every bag in the kitchen.`,
    },
  },
  {
    slug: 'playground-rules',
    title: {
      ru: 'Правила детской игровой площадки',
      uz: "Bolalar o'yin maydonchasi qoidalari",
      en: "Kids' playground rules",
    },
    body: {
      ru: `Детские площадки есть во многих ресторанах Baraka — они отмечены на странице ресторанов. Пользоваться площадкой могут бесплатно все гости ресторана. Чтобы детям было весело и безопасно, просим соблюдать эти правила.

## Возраст и время работы

- площадка рассчитана на детей от 3 до 10 лет ростом не выше 140 см
- дети младше 3 лет играют только вместе со взрослым
- площадка открыта ежедневно с 10:00 до 21:00, с перерывом на уборку каждые два часа по 15 минут
- одновременно на площадке могут находиться не более 15 детей

## Присмотр

Ответственность за ребёнка несут родители или сопровождающие взрослые. Взрослый должен оставаться в ресторане всё время, пока ребёнок играет. Сотрудник площадки следит за порядком, но не заменяет няню.

## Одежда и обувь

- на площадке играют только в носках — обувь и верхнюю одежду оставьте на стойке у входа
- снимите украшения, очки и заколки, выньте из карманов острые и мелкие предметы
- одноразовые носки можно бесплатно взять у администратора

## Гигиена

- помойте ребёнку руки перед игрой и после неё
- не приводите на площадку детей с признаками простуды или другой болезни
- еда, напитки и жевательная резинка на площадке запрещены
- игровые модули и игрушки мы обрабатываем каждые два часа и делаем влажную уборку в конце дня

## Безопасность

- не толкаться и не бросаться игрушками
- скатываться с горки только ногами вперёд и по одному
- не забираться на сетки и ограждения снаружи

Если ребёнок ушибся, сразу сообщите администратору: в каждом ресторане есть аптечка. Сотрудники вправе попросить покинуть площадку того, кто нарушает правила.`,
      uz: `Bolalar o'yin maydonchalari ko'plab Baraka restoranlarida bor — ular restoranlar sahifasida belgilangan. Maydonchadan restoranning barcha mehmonlari bepul foydalanishi mumkin. Bolalar xursand va xavfsiz o'ynashi uchun ushbu qoidalarga rioya qilishingizni so'raymiz.

## Yosh va ish vaqti

- Maydoncha 3 yoshdan 10 yoshgacha, bo'yi 140 sm dan oshmagan bolalar uchun mo'ljallangan
- 3 yoshgacha bo'lgan bolalar faqat kattalar bilan birga o'ynaydi
- Maydoncha har kuni 10:00 dan 21:00 gacha ochiq, har ikki soatda 15 daqiqalik tozalash tanaffusi bor
- Maydonchada bir vaqtda 15 tadan ko'p bola bo'lishi mumkin emas

## Nazorat

Bola uchun ota-onasi yoki unga hamroh bo'lgan kattalar javobgar. Bola o'ynayotgan butun vaqt davomida kattalar restoranda qolishi kerak. Maydoncha xodimi tartibni kuzatadi, lekin enaga o'rnini bosmaydi.

## Kiyim va poyabzal

- Maydonchada faqat paypoqda o'ynaladi — poyabzal va ustki kiyimni kirish joyidagi javonda qoldiring
- Taqinchoqlar, ko'zoynak va soch to'g'nog'ichlarini yechib oling, cho'ntaklardan o'tkir va mayda narsalarni chiqarib qo'ying
- Bir martalik paypoqlarni ma'murdan bepul olish mumkin

## Gigiyena

- O'yindan oldin va keyin bolangizning qo'llarini yuving
- Shamollash yoki boshqa kasallik belgilari bor bolalarni maydonchaga olib kelmang
- Maydonchada ovqat, ichimlik va saqich taqiqlanadi
- O'yin modullari va o'yinchoqlarni har ikki soatda dezinfeksiya qilamiz, kun oxirida esa nam tozalash o'tkazamiz

## Xavfsizlik

- Itarishmaslik va o'yinchoqlarni otmaslik
- Sirpanchiqdan faqat oyoqni oldinga qilib va birin-ketin tushish
- To'r va to'siqlarga tashqi tomondan chiqmaslik

Agar bola lat yesa, darhol ma'murga xabar bering: har bir restoranda dori qutisi bor. Qoidalarni buzganlardan xodimlar maydonchani tark etishni so'rashga haqli.`,
      en: `Many Baraka restaurants have a kids' playground; they are marked on the restaurants page. The playground is free for every guest of the restaurant. To keep it fun and safe, please follow these rules.

## Ages and hours

- the playground is for children aged 3 to 10 and no taller than 140 cm
- children under 3 play only together with an adult
- it is open daily from 10:00 to 21:00, closing for 15 minutes every two hours for cleaning
- no more than 15 children may play at once

## Supervision

Parents or the accompanying adults are responsible for their children. An adult must stay in the restaurant the whole time a child is playing. Our playground attendant keeps order but is not a babysitter.

## Clothes and shoes

- socks only on the playground: leave shoes and outdoor clothes on the rack by the entrance
- take off jewellery, glasses and hair clips, and empty pockets of sharp or small objects
- disposable socks are free from the manager

## Hygiene

- wash your child's hands before and after playing
- please do not bring children with signs of a cold or other illness
- no food, drinks or chewing gum on the playground
- we disinfect the play modules and toys every two hours and wet-clean everything at the end of the day

## Safety

- no pushing and no throwing toys
- slide down feet first, one at a time
- do not climb the nets or barriers from the outside

If a child gets hurt, tell the manager straight away: every restaurant has a first-aid kit. Staff may ask anyone who breaks the rules to leave the playground.`,
    },
  },
  {
    slug: 'contacts',
    title: { ru: 'Контакты', uz: 'Aloqa', en: 'Contacts' },
    body: {
      ru: `Мы на связи каждый день. Выберите удобный способ — и мы ответим.

## Горячая линия

+998 71 200 10 10 — заказы, доставка и вопросы по работе ресторанов, ежедневно с 09:00 до 03:00.

## Электронная почта

- info@baraka.uz — общие вопросы и персональные данные
- quality@baraka.uz — отзывы и жалобы на качество
- hr@baraka.uz — работа в Baraka
- partners@baraka.uz — поставщикам, арендодателям и для банкетов

## Головной офис

ООО «BARAKA FOOD GROUP», 100115, г. Ташкент, Чиланзарский район, проспект Бунёдкор, 18. Офис работает с понедельника по пятницу с 09:00 до 18:00, рядом станция метро «Чиланзар».

## Рестораны

Адреса, часы работы и телефоны всех ресторанов в Ташкенте, Самарканде и Бухаре собраны на странице ресторанов.

## Обратная связь

Напишите нам в Telegram или оставьте отзыв в приложении Baraka. На каждое обращение мы отвечаем в течение 24 часов, а жалобы на качество передаём в службу качества в тот же день.`,
      uz: `Biz har kuni aloqadamiz. Qulay usulni tanlang — javob beramiz.

## Ishonch telefoni

+998 71 200 10 10 — buyurtmalar, yetkazib berish va restoranlar ishi bo'yicha savollar, har kuni 09:00 dan 03:00 gacha.

## Elektron pochta

- info@baraka.uz — umumiy savollar va shaxsga doir ma'lumotlar
- quality@baraka.uz — sifat bo'yicha fikr-mulohaza va shikoyatlar
- hr@baraka.uz — Barakada ishlash
- partners@baraka.uz — yetkazib beruvchilar, ijaraga beruvchilar va ziyofatlar uchun

## Bosh ofis

"BARAKA FOOD GROUP" MChJ, 100115, Toshkent shahri, Chilonzor tumani, Bunyodkor shoh ko'chasi, 18-uy. Ofis dushanbadan jumagacha 09:00 dan 18:00 gacha ishlaydi, yaqinida "Chilonzor" metro bekati bor.

## Restoranlar

Toshkent, Samarqand va Buxorodagi barcha restoranlarning manzillari, ish vaqti va telefonlari restoranlar sahifasida jamlangan.

## Fikr-mulohaza

Bizga Telegram'da yozing yoki Baraka ilovasida sharh qoldiring. Har bir murojaatga 24 soat ichida javob beramiz, sifatga oid shikoyatlarni esa o'sha kuniyoq sifat xizmatiga uzatamiz.`,
      en: `We are here every day. Pick whichever way suits you and we will answer.

## Hotline

+998 71 200 10 10 for orders, delivery and questions about our restaurants, daily from 09:00 to 03:00.

## E-mail

- info@baraka.uz: general questions and personal data
- quality@baraka.uz: feedback and complaints about quality
- hr@baraka.uz: working at Baraka
- partners@baraka.uz: suppliers, landlords and banquets

## Head office

BARAKA FOOD GROUP LLC, 18 Bunyodkor Avenue, Chilonzor district, Tashkent 100115. The office is open Monday to Friday from 09:00 to 18:00, near Chilonzor metro station.

## Restaurants

Addresses, opening hours and phone numbers of every restaurant in Tashkent, Samarkand and Bukhara are on the restaurants page.

## Feedback

Message us on Telegram or leave a review in the Baraka app. We answer every message within 24 hours, and complaints about quality reach our quality team the same day.`,
    },
  },
];
