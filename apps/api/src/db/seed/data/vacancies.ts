import type { SeedVacancy } from '../types.ts';

/** Open (and one closed) positions. Salaries are whole sums per month before tax; null means "by agreement". */
export const vacancies: SeedVacancy[] = [
  {
    slug: 'cook-national-cuisine-tashkent',
    title: {
      ru: 'Повар национальной кухни',
      uz: 'Milliy taomlar oshpazi',
      en: 'Cook, Uzbek cuisine',
    },
    city: 'tashkent',
    schedule: {
      ru: 'Сменный график 2/2, с 08:00 до 20:00',
      uz: '2/2 smenali jadval, 08:00 dan 20:00 gacha',
      en: 'Shifts, 2 days on / 2 days off, 08:00 to 20:00',
    },
    salary_from: 6_000_000,
    salary_to: 9_000_000,
    is_active: true,
    description: {
      ru: `Ищем повара в горячий цех ресторанов Baraka в Ташкенте. Научим нашим рецептам и стандартам, если вы уже умеете работать с казаном.

## Обязанности

- приготовление плова, шурпы, лагмана, мантов и других национальных блюд по технологическим картам
- заготовка мяса, овощей и теста на смену
- соблюдение санитарных норм и правил хранения продуктов
- выдача блюд в зал и на доставку точно по времени

## Требования

- опыт работы поваром от одного года
- медицинская книжка или готовность её оформить
- аккуратность и умение работать в команде в часы пик

## Мы предлагаем

- официальное трудоустройство по Трудовому кодексу Республики Узбекистан
- оплату два раза в месяц без задержек
- бесплатное питание в смену и униформу
- обучение у шеф-повара и рост до су-шефа`,
      uz: `Toshkentdagi Baraka restoranlarining issiq taomlar sexiga oshpaz izlaymiz. Agar qozon bilan ishlashni bilsangiz, retseptlarimiz va standartlarimizni o'rgatamiz.

## Vazifalar

- Texnologik kartalar bo'yicha osh, sho'rva, lag'mon, manti va boshqa milliy taomlarni tayyorlash
- Smena uchun go'sht, sabzavot va xamirni tayyorlab qo'yish
- Sanitariya me'yorlari va mahsulotlarni saqlash qoidalariga rioya qilish
- Taomlarni zal va yetkazib berish uchun o'z vaqtida berish

## Talablar

- Oshpaz sifatida kamida bir yillik tajriba
- Tibbiy daftarcha yoki uni rasmiylashtirishga tayyorlik
- Ozodalik va gavjum soatlarda jamoada ishlay olish

## Biz taklif qilamiz

- O'zbekiston Respublikasi Mehnat kodeksiga muvofiq rasmiy ishga joylashish
- Oyiga ikki marta kechiktirmasdan ish haqi
- Smenada bepul ovqat va forma
- Bosh oshpazdan o'qish va su-shefgacha o'sish imkoniyati`,
      en: `We are looking for a cook for the hot kitchen of Baraka restaurants in Tashkent. If you can already handle a kazan, we will teach you our recipes and standards.

## Duties

- cooking plov, shurpa, lagman, manti and other Uzbek dishes to our recipe cards
- preparing meat, vegetables and dough for the shift
- following sanitary rules and food storage rules
- sending dishes to the hall and to delivery on time

## Requirements

- at least one year of experience as a cook
- a medical record book, or readiness to get one
- tidiness and the ability to work in a team at rush hour

## We offer

- an official contract under the Labour Code of the Republic of Uzbekistan
- pay twice a month, never late
- free meals on shift and a uniform
- training with the head chef and a path to sous-chef`,
    },
  },
  {
    slug: 'courier-tashkent',
    title: { ru: 'Курьер', uz: 'Kuryer', en: 'Delivery courier' },
    city: 'tashkent',
    schedule: {
      ru: 'Свободный график: дневные смены 09:00–17:00 или вечерние 17:00–03:00',
      uz: 'Erkin jadval: kunduzgi smena 09:00–17:00 yoki kechki smena 17:00–03:00',
      en: 'Flexible: day shifts 09:00–17:00 or evening shifts 17:00–03:00',
    },
    salary_from: 5_000_000,
    salary_to: 10_000_000,
    is_active: true,
    description: {
      ru: `Доставляйте плов и лаваши по Ташкенту на своём транспорте или на скутере Baraka. Доход зависит от числа заказов и выплачивается каждую неделю.

## Обязанности

- получение заказов в ресторане и доставка их клиентам в срок
- бережная перевозка в термосумке
- приём оплаты наличными и картой через терминал
- вежливое общение с гостями

## Требования

- смартфон на Android или iOS
- водительское удостоверение категории A или B, если работаете на своём транспорте
- знание города и пунктуальность

## Мы предлагаем

- еженедельные выплаты: оплата за каждый заказ плюс бонусы в часы пик
- скутер, шлем и термосумку от компании
- компенсацию топлива при работе на своём автомобиле
- бесплатный обед в любом ресторане Baraka в свою смену`,
      uz: `Toshkent bo'ylab osh va lavashlarni o'z transportingizda yoki Baraka skuterida yetkazing. Daromad buyurtmalar soniga bog'liq va har hafta to'lanadi.

## Vazifalar

- Buyurtmalarni restorandan olish va mijozlarga o'z vaqtida yetkazish
- Termosumkada ehtiyotkorlik bilan tashish
- Naqd pul va terminal orqali karta bilan to'lovni qabul qilish
- Mehmonlar bilan xushmuomala bo'lish

## Talablar

- Android yoki iOS smartfon
- O'z transportingizda ishlasangiz, A yoki B toifali haydovchilik guvohnomasi
- Shaharni yaxshi bilish va vaqtga rioya qilish

## Biz taklif qilamiz

- Haftalik to'lovlar: har bir buyurtma uchun haq va gavjum soatlarda bonuslar
- Kompaniyadan skuter, dubulg'a va termosumka
- O'z avtomobilingizda ishlaganda yoqilg'i xarajatlari qoplanadi
- Smenangizda istalgan Baraka restoranida bepul tushlik`,
      en: `Deliver plov and lavash across Tashkent on your own vehicle or on a Baraka scooter. Earnings depend on the number of orders and are paid every week.

## Duties

- collecting orders at the restaurant and delivering them to customers on time
- carrying food carefully in an insulated bag
- taking payment in cash or by card on a terminal
- being polite to our guests

## Requirements

- an Android or iOS smartphone
- a category A or B driving licence if you use your own vehicle
- knowing the city and being punctual

## We offer

- weekly pay: a fee for every order plus rush-hour bonuses
- a scooter, helmet and insulated bag from the company
- fuel compensation if you drive your own car
- a free lunch at any Baraka restaurant on your shift`,
    },
  },
  {
    slug: 'cashier-operator-samarkand',
    title: { ru: 'Кассир-оператор', uz: 'Kassir-operator', en: 'Cashier and order operator' },
    city: 'samarkand',
    schedule: {
      ru: 'Сменный график 2/2, с 10:00 до 22:00',
      uz: '2/2 smenali jadval, 10:00 dan 22:00 gacha',
      en: 'Shifts, 2 days on / 2 days off, 10:00 to 22:00',
    },
    salary_from: 3_500_000,
    salary_to: 5_000_000,
    is_active: true,
    description: {
      ru: `Нашему новому ресторану в Самарканде на Университетском бульваре нужен кассир, который также принимает заказы на самовывоз и доставку.

## Обязанности

- расчёт гостей наличными, картой, через Payme и Click
- приём заказов в зале и по телефону, передача их на кухню
- выдача заказов на самовывоз и курьерам
- открытие и закрытие кассовой смены

## Требования

- уверенное владение узбекским и русским языками
- внимательность при работе с деньгами
- опыт работы кассиром приветствуется, но не обязателен

## Мы предлагаем

- официальное трудоустройство и оплачиваемый отпуск
- обучение работе с кассой в первую неделю с сохранением оплаты
- бесплатное питание и униформу
- скидку 30% для сотрудника во всех ресторанах Baraka`,
      uz: `Samarqanddagi Universitet xiyobonida joylashgan yangi restoranimizga olib ketish va yetkazib berish uchun buyurtmalarni ham qabul qiladigan kassir kerak.

## Vazifalar

- Mehmonlar bilan naqd pul, karta, Payme va Click orqali hisob-kitob qilish
- Zalda va telefon orqali buyurtma qabul qilish, ularni oshxonaga uzatish
- Olib ketiladigan buyurtmalarni mehmonlarga va kuryerlarga topshirish
- Kassa smenasini ochish va yopish

## Talablar

- O'zbek va rus tillarini yaxshi bilish
- Pul bilan ishlashda diqqatlilik
- Kassir sifatidagi tajriba afzallik, lekin majburiy emas

## Biz taklif qilamiz

- Rasmiy ishga joylashish va haq to'lanadigan ta'til
- Birinchi haftada ish haqi saqlangan holda kassa bilan ishlashni o'rganish
- Bepul ovqat va forma
- Barcha Baraka restoranlarida xodim uchun 30 foiz chegirma`,
      en: `Our new restaurant on University Boulevard in Samarkand needs a cashier who also takes pickup and delivery orders.

## Duties

- taking payment in cash, by card, through Payme and Click
- taking orders in the hall and by phone and passing them to the kitchen
- handing out pickup orders and orders for couriers
- opening and closing the till shift

## Requirements

- good Uzbek and Russian
- care when handling money
- cashier experience is welcome but not required

## We offer

- an official contract and paid holiday
- a paid first week of training on the till
- free meals and a uniform
- a 30% staff discount in every Baraka restaurant`,
    },
  },
  {
    slug: 'waiter-bukhara',
    title: { ru: 'Официант', uz: 'Ofitsiant', en: 'Waiter' },
    city: 'bukhara',
    schedule: {
      ru: 'Сменный график 2/2, с 10:00 до 23:00',
      uz: '2/2 smenali jadval, 10:00 dan 23:00 gacha',
      en: 'Shifts, 2 days on / 2 days off, 10:00 to 23:00',
    },
    salary_from: 3_000_000,
    salary_to: 4_500_000,
    is_active: true,
    description: {
      ru: `Ресторан Baraka в Бухаре ищет официантов. Летом у нас много туристов, поэтому английский будет плюсом, а чаевые остаются у вас полностью.

## Обязанности

- встреча гостей, рассказ о меню и приём заказов
- подача блюд и напитков, расчёт гостей
- сервировка столов и порядок в зоне обслуживания
- помощь на банкетах и семейных торжествах

## Требования

- доброжелательность и опрятный внешний вид
- знание узбекского и русского языков, английский приветствуется
- готовность работать в выходные и праздничные дни

## Мы предлагаем

- фиксированную ставку плюс все чаевые
- бесплатное питание в смену и униформу
- обучение стандартам сервиса и чайной культуре
- возможность вырасти до администратора зала`,
      uz: `Buxorodagi Baraka restorani ofitsiantlar izlamoqda. Yozda sayyohlar ko'p bo'ladi, shuning uchun ingliz tilini bilish afzallik, choychaqa esa to'liq o'zingizda qoladi.

## Vazifalar

- Mehmonlarni kutib olish, menyu haqida aytib berish va buyurtma qabul qilish
- Taom va ichimliklarni tortish, mehmonlar bilan hisob-kitob qilish
- Dasturxon tuzash va xizmat ko'rsatish hududida tartib saqlash
- Ziyofat va oilaviy tantanalarda yordam berish

## Talablar

- Xushmuomalalik va ozoda tashqi ko'rinish
- O'zbek va rus tillarini bilish, ingliz tili afzallik
- Dam olish va bayram kunlari ishlashga tayyorlik

## Biz taklif qilamiz

- Qat'iy stavka va barcha choychaqalar
- Smenada bepul ovqat va forma
- Xizmat ko'rsatish standartlari va choy turlari bo'yicha o'qitish
- Zal ma'muri lavozimigacha o'sish imkoniyati`,
      en: `The Baraka restaurant in Bukhara is hiring waiters. Summer brings many tourists, so English is a plus, and you keep all your tips.

## Duties

- greeting guests, explaining the menu and taking orders
- serving food and drinks and settling the bill
- laying tables and keeping your section in order
- helping at banquets and family celebrations

## Requirements

- a friendly manner and a neat appearance
- Uzbek and Russian; English is welcome
- willingness to work weekends and holidays

## We offer

- a fixed wage plus all your tips
- free meals on shift and a uniform
- training in service standards and in our tea list
- a path to hall manager`,
    },
  },
  {
    slug: 'call-centre-operator-tashkent',
    title: { ru: 'Оператор колл-центра', uz: 'Call-markaz operatori', en: 'Call-centre operator' },
    city: 'tashkent',
    schedule: {
      ru: 'Пятидневка: дневная смена 09:00–18:00 или ночная 18:00–03:00',
      uz: 'Besh kunlik ish haftasi: kunduzgi smena 09:00–18:00 yoki tungi smena 18:00–03:00',
      en: 'Five days a week: day shift 09:00–18:00 or night shift 18:00–03:00',
    },
    salary_from: 4_000_000,
    salary_to: 5_500_000,
    is_active: false,
    description: {
      ru: `Набор в колл-центр на горячей линии +998 71 200 10 10 завершён. Вакансия откроется снова весной — оставьте отклик, и мы позвоним.

## Обязанности

- приём заказов по телефону и в чатах
- консультация гостей по меню, акциям и доставке
- работа с жалобами и передача их в службу качества

## Требования

- грамотная речь на узбекском и русском языках
- уверенная работа с компьютером
- стрессоустойчивость и вежливость

## Мы предлагаем

- офис рядом с метро «Чиланзар»
- надбавку 20% за ночные смены
- официальное трудоустройство и обучение`,
      uz: `+998 71 200 10 10 ishonch telefonidagi call-markazga qabul yakunlandi. Vakansiya bahorda yana ochiladi — ariza qoldiring, biz qo'ng'iroq qilamiz.

## Vazifalar

- Telefon va chatlar orqali buyurtmalarni qabul qilish
- Mehmonlarga menyu, aksiyalar va yetkazib berish bo'yicha maslahat berish
- Shikoyatlar bilan ishlash va ularni sifat xizmatiga uzatish

## Talablar

- O'zbek va rus tillarida savodli nutq
- Kompyuterda bemalol ishlash
- Bosimga chidamlilik va xushmuomalalik

## Biz taklif qilamiz

- "Chilonzor" metro bekati yonidagi ofis
- Tungi smenalar uchun 20 foiz ustama
- Rasmiy ishga joylashish va o'qitish`,
      en: `Hiring for the call centre behind our hotline +998 71 200 10 10 has closed. The position opens again in spring: leave an application and we will call you.

## Duties

- taking orders by phone and in chats
- advising guests on the menu, promotions and delivery
- handling complaints and passing them to the quality team

## Requirements

- clear spoken Uzbek and Russian
- confident computer skills
- patience and politeness under pressure

## We offer

- an office next to the Chilonzor metro station
- a 20% supplement for night shifts
- an official contract and training`,
    },
  },
  {
    slug: 'tandoor-baker-samarkand',
    title: { ru: 'Тандырщик (самсапаз)', uz: 'Tandirchi (somsapaz)', en: 'Tandoor baker' },
    city: 'samarkand',
    schedule: {
      ru: 'Шесть дней в неделю, с 06:00 до 15:00',
      uz: 'Haftada olti kun, 06:00 dan 15:00 gacha',
      en: 'Six days a week, 06:00 to 15:00',
    },
    salary_from: null,
    salary_to: null,
    is_active: true,
    description: {
      ru: `Ищем опытного мастера тандыра для ресторана в Самарканде. Оплата обсуждается на собеседовании и зависит от опыта.

## Обязанности

- розжиг и поддержание тандыра
- выпечка самсы и самаркандского нона
- приготовление теста и начинок по рецептам Baraka

## Требования

- опыт работы с тандыром от трёх лет
- знание самаркандской технологии выпечки нона
- медицинская книжка

## Мы предлагаем

- оплату выше средней по городу
- официальное трудоустройство
- бесплатное питание и спецодежду`,
      uz: `Samarqanddagi restoranimiz uchun tajribali tandirchi izlaymiz. Ish haqi suhbatda kelishiladi va tajribaga bog'liq.

## Vazifalar

- Tandirni yoqish va haroratini ushlab turish
- Somsa va Samarqand nonini yopish
- Baraka retseptlari bo'yicha xamir va qiyma tayyorlash

## Talablar

- Tandir bilan kamida uch yillik ish tajribasi
- Samarqand nonini yopish usulini bilish
- Tibbiy daftarcha

## Biz taklif qilamiz

- Shahar bo'yicha o'rtachadan yuqori ish haqi
- Rasmiy ishga joylashish
- Bepul ovqat va maxsus kiyim`,
      en: `We are looking for an experienced tandoor master for our Samarkand restaurant. Pay is agreed at the interview and depends on experience.

## Duties

- firing and tending the tandoor
- baking somsa and Samarkand non
- making dough and fillings to Baraka recipes

## Requirements

- at least three years of tandoor experience
- knowing how Samarkand non is baked
- a medical record book

## We offer

- pay above the city average
- an official contract
- free meals and work clothes`,
    },
  },
];
