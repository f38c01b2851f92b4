import type { SeedRecipe } from '../types.ts';

/** Home versions of dishes from our menu, written by our cooks for a home kitchen. */
export const recipes: SeedRecipe[] = [
  {
    slug: 'tashkent-plov',
    title: { ru: 'Ташкентский плов', uz: 'Toshkent oshi', en: 'Tashkent plov' },
    description: {
      ru: 'Главное блюдо нашей кухни: рис девзира, жёлтая морковь и мясо, приготовленные в казане на сильном огне. В ташкентском плове много моркови и мяса, а подают его с перепелиными яйцами и салатом аччик-чучук.',
      uz: "Oshxonamizning bosh taomi: baland olovda qozonda pishirilgan devzira guruchi, sariq sabzi va go'sht. Toshkent oshida sabzi va go'sht ko'p bo'ladi, u bedana tuxumi va achchiq-chuchuk salati bilan tortiladi.",
      en: 'The heart of our kitchen: devzira rice, yellow carrots and meat cooked in a kazan over a strong fire. Tashkent plov is generous with carrots and meat and is served with quail eggs and achichuk salad.',
    },
    image: { icon: 'pot-of-food', background: '#fbeedd' },
    cooking_time: 150,
    servings: 8,
    ingredients: [
      { ru: 'Рис девзира — 1 кг', uz: 'Devzira guruchi — 1 kg', en: 'Devzira rice — 1 kg' },
      {
        ru: 'Говядина или баранина (лопатка) — 1 кг',
        uz: "Mol yoki qo'y go'shti (kurak qismi) — 1 kg",
        en: 'Beef or lamb shoulder — 1 kg',
      },
      {
        ru: 'Морковь жёлтая и красная — 1 кг',
        uz: 'Sariq va qizil sabzi — 1 kg',
        en: 'Yellow and red carrots — 1 kg',
      },
      { ru: 'Лук репчатый — 2 шт. (300 г)', uz: 'Piyoz — 2 dona (300 g)', en: 'Onions — 2 (300 g)' },
      { ru: 'Растительное масло — 250 мл', uz: "O'simlik yog'i — 250 ml", en: 'Vegetable oil — 250 ml' },
      { ru: 'Курдючный жир — 100 г', uz: 'Dumba — 100 g', en: 'Lamb tail fat — 100 g' },
      { ru: 'Чеснок — 2 головки', uz: 'Sarimsoq — 2 bosh', en: 'Garlic — 2 whole heads' },
      { ru: 'Острый перец — 2 стручка', uz: 'Achchiq qalampir — 2 dona', en: 'Hot chilli peppers — 2' },
      { ru: 'Зира — 1 ст. л.', uz: 'Zira — 1 osh qoshiq', en: 'Cumin seeds — 1 tbsp' },
      {
        ru: 'Сушёный барбарис — 1 ч. л.',
        uz: 'Quritilgan zirk — 1 choy qoshiq',
        en: 'Dried barberries — 1 tsp',
      },
      { ru: 'Соль — 1,5 ст. л.', uz: 'Tuz — 1,5 osh qoshiq', en: 'Salt — 1.5 tbsp' },
      { ru: 'Перепелиные яйца — 8 шт.', uz: 'Bedana tuxumi — 8 dona', en: 'Quail eggs — 8' },
    ],
    steps: [
      {
        ru: 'Промойте рис в нескольких водах до прозрачности и замочите в тёплой подсоленной воде на час.',
        uz: "Guruchni suvi tiniq bo'lguncha bir necha marta yuving va bir soatga iliq tuzli suvda ivitib qo'ying.",
        en: 'Rinse the rice in several changes of water until it runs clear, then soak it in warm salted water for an hour.',
      },
      {
        ru: 'Нарежьте морковь длинной соломкой толщиной 5 мм, лук — полукольцами, мясо — кусками по 100–150 г.',
        uz: "Sabzini 5 mm qalinlikda uzun somoncha qilib, piyozni yarim halqa qilib, go'shtni 100–150 g li bo'laklarga to'g'rang.",
        en: 'Cut the carrots into long 5 mm batons, the onions into half-rings and the meat into 100–150 g pieces.',
      },
      {
        ru: 'Раскалите масло в казане, вытопите курдючный жир и выньте шкварки. Обжарьте мясо на сильном огне до корочки, около 10 минут.',
        uz: "Qozonda yog'ni qizdiring, dumbani eritib, jizzasini olib tashlang. Go'shtni baland olovda qizarguncha, taxminan 10 daqiqa qovuring.",
        en: 'Heat the oil in the kazan, render the tail fat and lift out the cracklings. Brown the meat over a high heat for about 10 minutes.',
      },
      {
        ru: 'Добавьте лук и жарьте до золотистого цвета, затем морковь — ещё 10 минут, осторожно перемешивая, чтобы соломка не ломалась.',
        uz: "Piyozni solib, tillarang bo'lguncha qovuring, so'ng sabzini qo'shib, somonchalari sinmasligi uchun ehtiyotkorlik bilan aralashtirib, yana 10 daqiqa qovuring.",
        en: 'Add the onions and fry until golden, then the carrots for another 10 minutes, stirring gently so the batons do not break.',
      },
      {
        ru: 'Всыпьте зиру, растерев её в ладонях, барбарис и 1 ст. л. соли. Залейте кипятком на 1 см выше овощей, положите целые головки чеснока и перец и томите зирвак 40 минут на слабом огне.',
        uz: "Kaftlarda ishqalangan zira, zirk va 1 osh qoshiq tuz soling. Sabzavotlardan 1 sm yuqori qaynoq suv quying, butun sarimsoq va qalampirni qo'ying va zirvakni past olovda 40 daqiqa qaynating.",
        en: 'Add the cumin, rubbing it between your palms, the barberries and 1 tbsp of salt. Pour in boiling water to 1 cm above the vegetables, add the whole garlic heads and the peppers and simmer the zirvak over a low heat for 40 minutes.',
      },
      {
        ru: 'Попробуйте зирвак: он должен быть чуть пересоленным. Выложите рис ровным слоем, не перемешивая, и налейте кипяток через шумовку так, чтобы он покрыл рис на 1,5–2 см.',
        uz: "Zirvakni tatib ko'ring: u biroz sho'rroq bo'lishi kerak. Guruchni aralashtirmasdan tekis qatlam qilib soling va kapgir orqali guruchdan 1,5–2 sm yuqori qaynoq suv quying.",
        en: 'Taste the zirvak: it should be slightly too salty. Spread the rice over it in an even layer without stirring, and pour boiling water over a skimmer until it covers the rice by 1.5–2 cm.',
      },
      {
        ru: 'Варите на сильном огне, пока вода не впитается. Соберите рис горкой, сделайте палочкой несколько проколов до дна, плотно накройте крышкой и томите 25–30 минут на минимальном огне.',
        uz: "Suv singib ketguncha baland olovda qaynating. Guruchni gumbaz shaklida yig'ing, cho'p bilan tagigacha bir necha joyidan teshing, qopqog'ini zich yoping va eng past olovda 25–30 daqiqa dimlang.",
        en: 'Boil over a high heat until the water is absorbed. Gather the rice into a dome, poke a few holes to the bottom with a stick, cover tightly and steam over the lowest heat for 25–30 minutes.',
      },
      {
        ru: 'Отварите перепелиные яйца. Перемешайте рис с зирваком, выложите на ляган, сверху положите нарезанное мясо, чеснок и половинки яиц. Подавайте с аччик-чучуком.',
        uz: "Bedana tuxumlarini qaynatib oling. Guruchni zirvak bilan aralashtirib laganga suzing, ustiga to'g'ralgan go'sht, sarimsoq va tuxum yarimlarini qo'ying. Achchiq-chuchuk bilan torting.",
        en: 'Boil the quail eggs. Mix the rice with the zirvak, heap it on a lagan platter and top with the sliced meat, the garlic and the halved eggs. Serve with achichuk.',
      },
    ],
  },
  {
    slug: 'lagman',
    title: { ru: 'Лагман', uz: "Lag'mon", en: 'Lagman' },
    description: {
      ru: 'Тянутая вручную лапша с густой подливой из говядины, перца, редьки и помидоров. Дома лапшу можно тянуть не такой тонкой, как у наших поваров, — вкус от этого не пострадает.',
      uz: "Mol go'shti, qalampir, turp va pomidordan tayyorlangan quyuq vaju bilan qo'lda cho'zilgan ugra. Uyda ugrani oshpazlarimizdek ingichka cho'zmasangiz ham bo'ladi — ta'mi bundan yomonlashmaydi.",
      en: 'Hand-pulled noodles under a thick sauce of beef, peppers, radish and tomatoes. At home the noodles need not be as thin as our cooks make them; the taste does not suffer.',
    },
    image: { icon: 'steaming-bowl', background: '#fcefe3' },
    cooking_time: 120,
    servings: 4,
    ingredients: [
      { ru: 'Мука — 500 г', uz: 'Un — 500 g', en: 'Plain flour — 500 g' },
      { ru: 'Вода — 220 мл', uz: 'Suv — 220 ml', en: 'Water — 220 ml' },
      {
        ru: 'Пищевая сода — 0,5 ч. л.',
        uz: 'Ichimlik sodasi — 0,5 choy qoshiq',
        en: 'Baking soda — 0.5 tsp',
      },
      { ru: 'Говядина — 400 г', uz: "Mol go'shti — 400 g", en: 'Beef — 400 g' },
      { ru: 'Сладкий перец — 2 шт.', uz: "Bulg'or qalampiri — 2 dona", en: 'Bell peppers — 2' },
      { ru: 'Помидоры — 3 шт.', uz: 'Pomidor — 3 dona', en: 'Tomatoes — 3' },
      {
        ru: 'Зелёная редька — 1 шт. (150 г)',
        uz: "Ko'k turp — 1 dona (150 g)",
        en: 'Green radish — 1 (150 g)',
      },
      { ru: 'Лук репчатый — 1 шт.', uz: 'Piyoz — 1 dona', en: 'Onion — 1' },
      { ru: 'Чеснок — 4 зубчика', uz: "Sarimsoq — 4 bo'lak", en: 'Garlic — 4 cloves' },
      { ru: 'Растительное масло — 80 мл', uz: "O'simlik yog'i — 80 ml", en: 'Vegetable oil — 80 ml' },
      { ru: 'Бульон или вода — 600 мл', uz: 'Bulyon yoki suv — 600 ml', en: 'Stock or water — 600 ml' },
      { ru: 'Молотая зира — 1 ч. л.', uz: 'Yanchilgan zira — 1 choy qoshiq', en: 'Ground cumin — 1 tsp' },
      { ru: 'Соль — 2 ч. л.', uz: 'Tuz — 2 choy qoshiq', en: 'Salt — 2 tsp' },
    ],
    steps: [
      {
        ru: 'Замесите крутое тесто из муки, воды и 1 ч. л. соли. Накройте и оставьте на 30 минут, затем снова вымесите.',
        uz: "Un, suv va 1 choy qoshiq tuzdan qattiq xamir qoring. Ustini yopib, 30 daqiqaga qoldiring, so'ng yana yaxshilab qoring.",
        en: 'Knead a stiff dough from the flour, water and 1 tsp of salt. Cover and rest it for 30 minutes, then knead again.',
      },
      {
        ru: 'Разведите соду в 50 мл воды. Скатайте тесто в жгуты толщиной 1,5 см, уложите спиралью на смазанное маслом блюдо, смажьте содовой водой и маслом и оставьте ещё на 30 минут.',
        uz: "Sodani 50 ml suvda eriting. Xamirni 1,5 sm qalinlikdagi arqonchalar qilib yumalating, yog' surtilgan likopchaga aylana qilib tering, sodali suv va yog' surting va yana 30 daqiqaga qoldiring.",
        en: 'Dissolve the soda in 50 ml of water. Roll the dough into ropes 1.5 cm thick, coil them on an oiled plate, brush with the soda water and oil and rest for another 30 minutes.',
      },
      {
        ru: 'Нарежьте говядину тонкой соломкой, перец и редьку — брусочками, лук — полукольцами, помидоры — кубиками.',
        uz: "Mol go'shtini ingichka somoncha, qalampir va turpni uzunchoq bo'lak, piyozni yarim halqa, pomidorni kubik qilib to'g'rang.",
        en: 'Cut the beef into thin strips, the peppers and radish into batons, the onion into half-rings and the tomatoes into cubes.',
      },
      {
        ru: 'Обжарьте говядину в раскалённом масле 5 минут, добавьте лук и чеснок и жарьте ещё 3 минуты.',
        uz: "Mol go'shtini qizigan yog'da 5 daqiqa qovuring, piyoz va sarimsoqni qo'shib, yana 3 daqiqa qovuring.",
        en: 'Fry the beef in very hot oil for 5 minutes, add the onion and garlic and fry for 3 minutes more.',
      },
      {
        ru: 'Добавьте перец и редьку, через 5 минут — помидоры, зиру и оставшуюся соль. Залейте бульоном и тушите подливу 20 минут.',
        uz: "Qalampir va turpni qo'shing, 5 daqiqadan so'ng pomidor, zira va qolgan tuzni soling. Bulyon quying va vajuni 20 daqiqa dimlang.",
        en: 'Add the peppers and radish, and after 5 minutes the tomatoes, cumin and the rest of the salt. Pour in the stock and simmer the sauce for 20 minutes.',
      },
      {
        ru: 'Вытяните лапшу: берите жгут за концы и растягивайте, слегка ударяя о стол, складывайте вдвое и повторяйте, пока нити не станут толщиной 2–3 мм.',
        uz: "Ugrani cho'zing: arqonchani uchlaridan ushlab, stolga sekin urib cho'zing, ikki buklab, iplar 2–3 mm qalinlikka kelguncha takrorlang.",
        en: 'Pull the noodles: hold a rope by its ends and stretch it, slapping it lightly on the table, fold it in two and repeat until the strands are 2–3 mm thick.',
      },
      {
        ru: 'Отварите лапшу в кипящей подсоленной воде 3–4 минуты и откиньте на дуршлаг.',
        uz: "Ugrani qaynab turgan tuzli suvda 3–4 daqiqa qaynatib, suzg'ichga to'king.",
        en: 'Boil the noodles in salted water for 3–4 minutes and drain them.',
      },
      {
        ru: 'Разложите лапшу по глубоким тарелкам, залейте горячей подливой и подавайте с чесночным уксусом и острым маслом.',
        uz: "Ugrani chuqur likopchalarga soling, ustidan issiq vaju quying va sarimsoqli sirka hamda achchiq yog' bilan torting.",
        en: 'Share the noodles between deep bowls, ladle the hot sauce over them and serve with garlic vinegar and chilli oil.',
      },
    ],
  },
  {
    slug: 'achichuk-salad',
    title: { ru: 'Салат аччик-чучук', uz: 'Achchiq-chuchuk salati', en: 'Achichuk salad' },
    description: {
      ru: 'Самый простой и самый нужный салат к плову: помидоры, сладкий лук и немного острого перца. Главное — спелые мясистые помидоры и лук, вымоченный в холодной воде.',
      uz: 'Osh uchun eng oddiy va eng zarur salat: pomidor, shirin piyoz va ozgina achchiq qalampir. Eng muhimi — pishgan etli pomidor va sovuq suvda ivitilgan piyoz.',
      en: 'The simplest salad there is, and the one plov cannot do without: tomatoes, sweet onion and a little hot pepper. What matters is ripe, fleshy tomatoes and onion soaked in cold water.',
    },
    image: { icon: 'tomato', background: '#fde6e2' },
    cooking_time: 20,
    servings: 4,
    ingredients: [
      {
        ru: 'Спелые мясистые помидоры — 4 шт. (600 г)',
        uz: 'Pishgan etli pomidor — 4 dona (600 g)',
        en: 'Ripe fleshy tomatoes — 4 (600 g)',
      },
      {
        ru: 'Белый или фиолетовый лук — 1 крупная луковица (200 г)',
        uz: 'Oq yoki binafsha piyoz — 1 ta katta bosh (200 g)',
        en: 'White or red onion — 1 large (200 g)',
      },
      {
        ru: 'Острый зелёный перец — 1 стручок',
        uz: "Achchiq ko'k qalampir — 1 dona",
        en: 'Green chilli — 1',
      },
      { ru: 'Райхан (базилик) — 5 веточек', uz: 'Rayhon — 5 shox', en: 'Basil — 5 sprigs' },
      { ru: 'Соль — 1 ч. л.', uz: 'Tuz — 1 choy qoshiq', en: 'Salt — 1 tsp' },
      { ru: 'Чёрный перец — 0,25 ч. л.', uz: 'Qora murch — 0,25 choy qoshiq', en: 'Black pepper — 0.25 tsp' },
    ],
    steps: [
      {
        ru: 'Нарежьте лук очень тонкими полукольцами, перетрите со щепоткой соли и промойте.',
        uz: "Piyozni juda yupqa yarim halqa qilib to'g'rang, bir chimdim tuz bilan ishqalab, yuvib oling.",
        en: 'Slice the onion into very thin half-rings, rub it with a pinch of salt and rinse.',
      },
      {
        ru: 'Залейте лук ледяной водой на 10 минут, чтобы ушла горечь, затем отожмите.',
        uz: "Achchig'i ketishi uchun piyozni 10 daqiqaga muzdek suvga solib qo'ying, so'ng siqib oling.",
        en: 'Cover the onion with ice-cold water for 10 minutes to take away its bite, then squeeze it dry.',
      },
      {
        ru: 'Нарежьте помидоры тонкими полукружиями, лучше прямо над миской, чтобы сохранить сок.',
        uz: "Pomidorni yupqa yarim doira qilib, sharbati saqlanishi uchun to'g'ridan-to'g'ri kosa ustida to'g'rang.",
        en: 'Slice the tomatoes into thin half-moons, ideally right over the bowl so that none of the juice is lost.',
      },
      {
        ru: 'Мелко порубите острый перец; если хотите мягче, удалите семена.',
        uz: "Achchiq qalampirni mayda to'g'rang; yumshoqroq bo'lishini istasangiz, urug'ini olib tashlang.",
        en: 'Chop the chilli finely; remove the seeds if you want it milder.',
      },
      {
        ru: 'Соедините помидоры, лук и перец, посолите и поперчите прямо перед подачей, посыпьте райханом и сразу подавайте к плову.',
        uz: 'Pomidor, piyoz va qalampirni birlashtiring, tortishdan oldingina tuz va murch seping, ustiga rayhon sepib, darhol osh bilan torting.',
        en: 'Combine the tomatoes, onion and chilli, season with salt and pepper just before serving, scatter over the basil and serve with plov straight away.',
      },
    ],
  },
  {
    slug: 'oven-somsa',
    title: { ru: 'Самса в духовке', uz: 'Duxovkada somsa', en: 'Oven-baked somsa' },
    description: {
      ru: 'Слоёная самса с рубленой бараниной и луком, как из тандыра, только в домашней духовке. Мясо рубим ножом, а не прокручиваем — так начинка получается сочной.',
      uz: "Tandirdagidek, faqat uy duxovkasida pishirilgan, qo'y go'shti va piyozli qatlamli somsa. Go'shtni go'sht maydalagichdan o'tkazmay, pichoqda chopamiz — shunda qiyma suvli chiqadi.",
      en: 'Flaky somsa filled with chopped lamb and onion, tandoor style but in a home oven. Chop the meat with a knife rather than mincing it: that keeps the filling juicy.',
    },
    image: { icon: 'stuffed-flatbread', background: '#f9efdc' },
    cooking_time: 110,
    servings: 6,
    ingredients: [
      { ru: 'Мука — 600 г', uz: 'Un — 600 g', en: 'Plain flour — 600 g' },
      { ru: 'Холодная вода — 300 мл', uz: 'Sovuq suv — 300 ml', en: 'Cold water — 300 ml' },
      {
        ru: 'Сливочное масло, мягкое — 100 г',
        uz: "Yumshatilgan sariyog' — 100 g",
        en: 'Soft butter — 100 g',
      },
      { ru: 'Баранина — 500 г', uz: "Qo'y go'shti — 500 g", en: 'Lamb — 500 g' },
      { ru: 'Курдючный жир — 150 г', uz: 'Dumba — 150 g', en: 'Lamb tail fat — 150 g' },
      { ru: 'Лук репчатый — 500 г', uz: 'Piyoz — 500 g', en: 'Onions — 500 g' },
      { ru: 'Зира — 1 ч. л.', uz: 'Zira — 1 choy qoshiq', en: 'Cumin seeds — 1 tsp' },
      { ru: 'Чёрный перец — 1 ч. л.', uz: 'Qora murch — 1 choy qoshiq', en: 'Black pepper — 1 tsp' },
      { ru: 'Соль — 2,5 ч. л.', uz: 'Tuz — 2,5 choy qoshiq', en: 'Salt — 2.5 tsp' },
      { ru: 'Яичный желток — 1 шт.', uz: "Tuxum sarig'i — 1 dona", en: 'Egg yolk — 1' },
      { ru: 'Кунжут — 1 ст. л.', uz: 'Kunjut — 1 osh qoshiq', en: 'Sesame seeds — 1 tbsp' },
    ],
    steps: [
      {
        ru: 'Замесите тесто из муки, воды и 1 ч. л. соли и оставьте под плёнкой на 20 минут.',
        uz: 'Un, suv va 1 choy qoshiq tuzdan xamir qoring va 20 daqiqaga plyonka ostida qoldiring.',
        en: 'Knead a dough from the flour, water and 1 tsp of salt and leave it under cling film for 20 minutes.',
      },
      {
        ru: 'Раскатайте тесто как можно тоньше, смажьте мягким маслом, сверните плотным рулетом и уберите в холодильник на 30 минут.',
        uz: "Xamirni iloji boricha yupqa yoying, yumshoq sariyog' surting, zich rulet qilib o'rang va 30 daqiqaga muzlatgichga qo'ying.",
        en: 'Roll the dough out as thin as you can, spread it with the soft butter, roll it up tightly and chill for 30 minutes.',
      },
      {
        ru: 'Порубите баранину и курдюк ножом кубиками по 5 мм, лук — мелким кубиком. Смешайте с зирой, перцем, оставшейся солью и 2 ст. л. холодной воды.',
        uz: "Qo'y go'shti va dumbani pichoqda 5 mm li kubiklar qilib choping, piyozni mayda to'g'rang. Zira, murch, qolgan tuz va 2 osh qoshiq sovuq suv bilan aralashtiring.",
        en: 'Chop the lamb and tail fat with a knife into 5 mm cubes and dice the onions finely. Mix with the cumin, pepper, the rest of the salt and 2 tbsp of cold water.',
      },
      {
        ru: 'Нарежьте рулет на 12 кусков по 3 см, поставьте каждый на срез, придавите и раскатайте в круг диаметром 12 см, тоньше по краям.',
        uz: "Ruletni 3 sm dan 12 bo'lakka kesing, har birini kesilgan tomoni bilan qo'yib, bosing va chetlari yupqaroq bo'lgan 12 sm diametrli doira qilib yoying.",
        en: 'Cut the roll into twelve 3 cm pieces, stand each on its cut side, press it flat and roll it into a 12 cm circle, thinner at the edges.',
      },
      {
        ru: 'Выложите на каждый круг по 2 ст. л. начинки, сформируйте треугольник и плотно защипните швы.',
        uz: 'Har bir doiraga 2 osh qoshiqdan qiyma solib, uchburchak shaklini bering va choklarini mahkam chimdib yopishtiring.',
        en: 'Put 2 tbsp of filling on each circle, fold it into a triangle and pinch the seams tightly shut.',
      },
      {
        ru: 'Переложите самсу швом вниз на противень с пергаментом, смажьте желтком и посыпьте кунжутом.',
        uz: "Somsalarni choki pastga qaratib pergament to'shalgan patnisga tering, tuxum sarig'i surting va kunjut seping.",
        en: 'Place the somsa seam side down on a tray lined with baking paper, brush with the yolk and sprinkle with sesame.',
      },
      {
        ru: 'Выпекайте 20 минут при 220 °C, затем уменьшите до 190 °C и пеките ещё 15–20 минут до румяной корочки.',
        uz: "220 °C da 20 daqiqa pishiring, so'ng haroratni 190 °C ga tushirib, qizarguncha yana 15–20 daqiqa pishiring.",
        en: 'Bake for 20 minutes at 220 °C, then turn down to 190 °C and bake for another 15–20 minutes until golden.',
      },
      {
        ru: 'Дайте самсе постоять 5 минут — сок внутри загустеет — и подавайте с горячим чаем.',
        uz: 'Somsani 5 daqiqa tindiring — ichidagi sharbat quyuqlashadi — va issiq choy bilan torting.',
        en: 'Let the somsa rest for 5 minutes so the juices inside thicken, and serve with hot tea.',
      },
    ],
  },
  {
    slug: 'chuchvara',
    title: { ru: 'Чучвара', uz: 'Chuchvara', en: 'Chuchvara dumplings' },
    description: {
      ru: 'Маленькие пельмени с говядиной и луком, которые подают в прозрачном бульоне с катыком и сушёной мятой. Лепить их удобно всей семьёй и замораживать впрок.',
      uz: "Mol go'shti va piyozli mayda chuchvara tiniq sho'rvada qatiq va quritilgan yalpiz bilan tortiladi. Uni butun oila bilan tugish va keyinchalik uchun muzlatib qo'yish qulay.",
      en: 'Tiny dumplings filled with beef and onion, served in a clear broth with katyk and dried mint. They are easy to make as a family and freeze well.',
    },
    image: { icon: 'dumpling', background: '#eef1f8' },
    cooking_time: 90,
    servings: 4,
    ingredients: [
      { ru: 'Мука — 400 г', uz: 'Un — 400 g', en: 'Plain flour — 400 g' },
      { ru: 'Яйцо — 1 шт.', uz: 'Tuxum — 1 dona', en: 'Egg — 1' },
      { ru: 'Вода — 170 мл', uz: 'Suv — 170 ml', en: 'Water — 170 ml' },
      { ru: 'Говяжий фарш — 350 г', uz: "Mol go'shti qiymasi — 350 g", en: 'Minced beef — 350 g' },
      { ru: 'Лук репчатый — 2 шт.', uz: 'Piyoz — 2 dona', en: 'Onions — 2' },
      { ru: 'Соль — 2 ч. л.', uz: 'Tuz — 2 choy qoshiq', en: 'Salt — 2 tsp' },
      {
        ru: 'Чёрный перец и молотая зира — по 0,5 ч. л.',
        uz: 'Qora murch va yanchilgan zira — 0,5 choy qoshiqdan',
        en: 'Black pepper and ground cumin — 0.5 tsp each',
      },
      { ru: 'Мясной бульон — 1,5 л', uz: "Go'shtli sho'rva — 1,5 l", en: 'Meat broth — 1.5 l' },
      { ru: 'Катык — 200 г', uz: 'Qatiq — 200 g', en: 'Katyk (or plain yogurt) — 200 g' },
      { ru: 'Сушёная мята — 1 ч. л.', uz: 'Quritilgan yalpiz — 1 choy qoshiq', en: 'Dried mint — 1 tsp' },
    ],
    steps: [
      {
        ru: 'Замесите тесто из муки, яйца, воды и половины соли и оставьте под миской на 30 минут.',
        uz: 'Un, tuxum, suv va tuzning yarmidan xamir qoring va 30 daqiqaga kosa ostida qoldiring.',
        en: 'Knead a dough from the flour, egg, water and half the salt and leave it under a bowl for 30 minutes.',
      },
      {
        ru: 'Мелко порубите лук и смешайте с фаршем, оставшейся солью, перцем, зирой и 3 ст. л. холодной воды.',
        uz: "Piyozni mayda to'g'rab, qiyma, qolgan tuz, murch, zira va 3 osh qoshiq sovuq suv bilan aralashtiring.",
        en: 'Chop the onions finely and mix them with the mince, the rest of the salt, the pepper, the cumin and 3 tbsp of cold water.',
      },
      {
        ru: 'Раскатайте тесто в пласт толщиной 1 мм и нарежьте квадратами 3–4 см.',
        uz: 'Xamirni 1 mm qalinlikda yoying va 3–4 sm li kvadratlarga kesing.',
        en: 'Roll the dough into a 1 mm sheet and cut it into 3–4 cm squares.',
      },
      {
        ru: 'Положите на каждый квадрат по половине чайной ложки фарша, сложите треугольником и соедините два нижних угла.',
        uz: "Har bir kvadratga yarim choy qoshiqdan qiyma qo'ying, uchburchak qilib buklang va ikki pastki burchagini birlashtiring.",
        en: 'Put half a teaspoon of filling on each square, fold it into a triangle and join the two bottom corners.',
      },
      {
        ru: 'Если варите не сразу, разложите чучвару на присыпанном мукой подносе и заморозьте.',
        uz: "Agar darhol pishirmasangiz, chuchvarani un sepilgan patnisga terib, muzlatib qo'ying.",
        en: 'If you are not cooking them straight away, spread the dumplings on a floured tray and freeze them.',
      },
      {
        ru: 'Доведите бульон до кипения, опустите чучвару и варите 5–6 минут после того, как она всплывёт.',
        uz: "Sho'rvani qaynating, chuchvarani soling va suv yuziga chiqqanidan keyin 5–6 daqiqa qaynating.",
        en: 'Bring the broth to the boil, drop in the dumplings and cook for 5–6 minutes after they float up.',
      },
      {
        ru: 'Разлейте чучвару с бульоном по пиалам, добавьте ложку катыка, посыпьте мятой и чёрным перцем.',
        uz: "Chuchvarani sho'rvasi bilan kosalarga suzing, bir qoshiq qatiq qo'shing, yalpiz va qora murch seping.",
        en: 'Ladle the dumplings and broth into bowls, add a spoonful of katyk and sprinkle with mint and black pepper.',
      },
    ],
  },
];
