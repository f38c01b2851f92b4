import type { NextRequest } from 'next/server';
import { routing, type TAppLocale } from '@/i18n/routing';
import en from '../../../messages/en/common.json';
import ru from '../../../messages/ru/common.json';
import uz from '../../../messages/uz/common.json';
import { installedRenderGate, SLOT_HEADER, type TRenderGateLimits } from './render-gate.mjs';

/**
 * The proxy's side of the render gate (render-gate.mjs): a request the HTML cache did not answer
 * waits for its turn to render; one refused gets a 503 with Retry-After, in the page's language.
 */

/** Seconds a refused client is asked to wait (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** At most one log line about refusals this often. */
export const REPORT_EVERY_MS = 60_000;

const texts = (messages: typeof en) => ({
  title: messages.busy.title,
  text: messages.busy.text,
  retry: messages.actions.retry,
});
const TEXTS: Record<TAppLocale, ReturnType<typeof texts>> = { ru: texts(ru), uz: texts(uz), en: texts(en) };

/** The locale of a path as the routing reads it: a prefix (`/en`, `/uz`), else the default (ru). */
function localeOf(pathname: string): TAppLocale {
  const first = pathname.split('/')[1];
  return routing.locales.find((locale) => locale === first) ?? routing.defaultLocale;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The answer of a refused request: 503, Retry-After, never stored. A document gets a page of text
 * (no script, no style: the policy of `routed` applies as it is); the client router's requests
 * (`RSC: 1`) and everything else a line of text. `routed`'s security headers go with it.
 */
export function busyResponse(request: NextRequest, routed: Response): Response {
  const locale = localeOf(request.nextUrl.pathname);
  const { title, text, retry } = TEXTS[locale];
  const headers = new Headers();
  for (const name of ['content-security-policy', 'strict-transport-security']) {
    const value = routed.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
  headers.set('Cache-Control', 'no-store');
  const document =
    request.method === 'GET' &&
    !request.headers.has('rsc') &&
    (request.headers.get('accept') ?? '').includes('text/html');
  if (!document) {
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response(request.method === 'HEAD' ? null : `${title}. ${text}\n`, {
      status: 503,
      headers,
    });
  }
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const html = `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(`${request.nextUrl.pathname}${request.nextUrl.search}`)}">${escapeHtml(retry)}</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers });
}

/** Where the refusals' log line goes, and the clock it is rated by (tests). */
type TReportOptions = { now?: () => number; log?: (line: string) => void };

/**
 * Waits for the request's turn to render (a request the HTML cache did not answer). Null: go on
 * (admitted, or no gate in this process, or not a render: a redirect); else the 503 to answer.
 * Refusals are logged, one line a minute at most (`REPORT_EVERY_MS`): what an operator alerts on.
 */
export async function waitForRenderTurn(
  request: NextRequest,
  routed: Response,
  limits: TRenderGateLimits,
  { now = Date.now, log = (line: string) => console.warn(line) }: TReportOptions = {},
): Promise<Response | null> {
  const gate = installedRenderGate();
  const id = request.headers.get(SLOT_HEADER);
  if (!gate || !id) return null;
  if (routed.headers.has('location')) return null;
  gate.configure(limits);
  if (await gate.admit(id)) return null;
  const refused = gate.reportDue(now(), REPORT_EVERY_MS);
  if (refused !== null) {
    const { rendering, waiting } = gate.stats;
    log(
      `[render-gate] ${refused} request(s) answered 503 since the last report (${rendering} rendering, ${waiting} waiting; RENDER_MAX_CONCURRENT=${limits.maxRenders}, RENDER_QUEUE_MAX=${limits.maxQueued}, RENDER_QUEUE_WAIT_MS=${limits.maxWaitMs}): a flood, or too few places for this traffic`,
    );
  }
  return busyResponse(request, routed);
}
