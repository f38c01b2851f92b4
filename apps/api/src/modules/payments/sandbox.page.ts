/**
 * The payment sandbox's page (sandbox.routes.ts serves it): the order's number, the amount due and
 * the provider, with Pay and Cancel, or the refusal met; in ru, uz or en. Plain HTML with no script,
 * and one style block the page's policy allows by its hash (STYLE_HASH).
 */
import { createHash } from 'node:crypto';
import { formatSum } from '@app/domain';

export type Lang = 'ru' | 'uz' | 'en';
const PROVIDERS = { payme: 'Payme', click: 'Click' } as const;
export type Provider = keyof typeof PROVIDERS;

export const SANDBOX_TEXTS = {
  ru: {
    title: (p: string) => `Оплата через ${p} (тестовая)`,
    note: 'Тестовая страница оплаты: деньги не списываются.',
    order: 'Заказ',
    amount: 'К оплате',
    provider: 'Платёжная система',
    pay: 'Оплатить',
    cancel: 'Отменить',
    form: 'Оплата заказа',
    notFound: 'Заказ не найден',
    badReturn: 'Неверный адрес возврата: он должен вести в магазин.',
    badRequest: 'Неверный запрос: поле повторено, слишком длинное или не текст.',
    failed: 'Платёж не прошёл',
    unreachable: 'Не удалось связаться с магазином',
    back: 'Вернуться в магазин',
  },
  uz: {
    title: (p: string) => `${p} orqali to'lov (sinov)`,
    note: "Sinov to'lov sahifasi: pul yechilmaydi.",
    order: 'Buyurtma',
    amount: "To'lanadigan summa",
    provider: "To'lov tizimi",
    pay: "To'lash",
    cancel: 'Bekor qilish',
    form: "Buyurtma to'lovi",
    notFound: 'Buyurtma topilmadi',
    badReturn: "Qaytish manzili noto'g'ri: u do'konga olib borishi kerak.",
    badRequest: "Noto'g'ri so'rov: maydon takrorlangan, juda uzun yoki matn emas.",
    failed: "To'lov amalga oshmadi",
    unreachable: "Do'kon bilan bog'lanib bo'lmadi",
    back: "Do'konga qaytish",
  },
  en: {
    title: (p: string) => `Pay with ${p} (sandbox)`,
    note: 'A test payment page: no money is taken.',
    order: 'Order',
    amount: 'Amount due',
    provider: 'Payment system',
    pay: 'Pay',
    cancel: 'Cancel',
    form: 'Paying the order',
    notFound: 'Order not found',
    badReturn: 'Wrong return address: it must lead to the shop.',
    badRequest: 'Wrong request: a field is repeated, too long or not text.',
    failed: 'The payment did not go through',
    unreachable: 'Could not reach the shop',
    back: 'Back to the shop',
  },
} as const;

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px #0003}
h1{font-size:1.4rem;margin:0 0 .5rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#52525b}dd{margin:0;font-weight:600}.note{color:#52525b}
.error{border:2px solid #b91c1c;color:#7f1d1d;background:#fef2f2;padding:.75rem;border-radius:8px}
form{display:flex;gap:.75rem;margin-top:1.25rem}
button{font:inherit;padding:.7rem 1.4rem;border-radius:8px;border:2px solid #1d4ed8;cursor:pointer}
.pay{background:#1d4ed8;color:#fff}.cancel{background:#fff;color:#1d4ed8}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#1d4ed8}`;
export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export type PageInput = {
  provider: Provider;
  lang: Lang;
  returnUrl: string;
  order: { id: string; number: string; amountDue: number } | null;
  error?: string;
};

export function renderPage(input: PageInput): string {
  const t = SANDBOX_TEXTS[input.lang];
  const name = PROVIDERS[input.provider];
  const title = t.title(name);
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const body = input.order
    ? `<dl>
<dt>${t.order}</dt><dd>${escapeHtml(input.order.number)}</dd>
<dt>${t.amount}</dt><dd>${escapeHtml(formatSum(input.order.amountDue, input.lang))}</dd>
<dt>${t.provider}</dt><dd>${name}</dd>
</dl>
${error}
<form method="post" action="/dev/pay/${input.provider}" aria-label="${escapeHtml(t.form)}">
<input type="hidden" name="order_id" value="${escapeHtml(input.order.id)}">
<input type="hidden" name="return_url" value="${escapeHtml(input.returnUrl)}">
<input type="hidden" name="lang" value="${input.lang}">
<button class="pay" type="submit" name="action" value="pay">${t.pay}</button>
<button class="cancel" type="submit" name="action" value="cancel">${t.cancel}</button>
</form>`
    : `${error}<p><a href="${escapeHtml(input.returnUrl)}">${t.back}</a></p>`;
  return `<!doctype html>
<html lang="${input.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="note">${t.note}</p>
${body}
</main>
</body>
</html>
`;
}
