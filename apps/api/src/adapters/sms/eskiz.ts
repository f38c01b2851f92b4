import { z } from 'zod';
import { SmsNotSentError, SmsSendError, type SmsSender } from './sms-sender.ts';

export type EskizConfig = {
  baseUrl: string;
  email: string;
  password: string;
  /** The approved sender name ("nickname"). */
  from: string;
  callbackUrl?: string | undefined;
  /** Per HTTP call; a hung provider must not hold the customer's request for long. */
  timeoutMs?: number;
};

const ZTokenAnswer = z.object({ data: z.object({ token: z.string().min(1) }) });
const ZSendAnswer = z.object({ id: z.union([z.string(), z.number()]), status: z.string() });

type Answer = { status: number; body: unknown };

/**
 * Eskiz (notify.eskiz.uz): log in with email and password for a bearer token, keep it, and send
 * each SMS with it. A token Eskiz no longer accepts (401) is refreshed with PATCH /api/auth/refresh,
 * or replaced by a fresh login when that fails too, and the message is sent once more.
 */
export function createEskizSender(config: EskizConfig): SmsSender {
  const timeoutMs = config.timeoutMs ?? 10_000;
  let token: string | undefined;
  let loggingIn: Promise<string> | undefined;

  async function call(
    method: 'POST' | 'PATCH',
    path: string,
    form?: Record<string, string>,
    bearer?: string,
  ): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        ...(form ? { body: new URLSearchParams(form) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SmsSendError(`Eskiz ${path} could not be reached`, { cause: error });
    }
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): kept as text for the error message.
    }
    return { status: response.status, body };
  }

  const describe = (answer: Answer) => {
    const message =
      answer.body && typeof answer.body === 'object' && 'message' in answer.body
        ? String((answer.body as { message: unknown }).message)
        : String(answer.body ?? '').slice(0, 200);
    return `HTTP ${answer.status}${message ? `: ${message}` : ''}`;
  };

  function tokenOf(answer: Answer, what: string): string {
    const parsed = ZTokenAnswer.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) {
      throw new SmsSendError(`Eskiz ${what} failed (${describe(answer)})`);
    }
    return parsed.data.data.token;
  }

  async function login(): Promise<string> {
    // One login at a time: parallel sends at start-up share it.
    loggingIn ??= call('POST', '/api/auth/login', { email: config.email, password: config.password })
      .then((answer) => tokenOf(answer, 'login'))
      .finally(() => {
        loggingIn = undefined;
      });
    token = await loggingIn;
    return token;
  }

  async function renew(stale: string): Promise<string> {
    if (token && token !== stale) return token; // another send renewed it meanwhile
    const answer = await call('PATCH', '/api/auth/refresh', undefined, stale);
    if (answer.status === 200 && ZTokenAnswer.safeParse(answer.body).success) {
      token = tokenOf(answer, 'token refresh');
      return token;
    }
    return login();
  }

  /** A token for a send not made yet: whatever goes wrong getting it, no SMS went out. */
  async function beforeSending(get: () => Promise<string>): Promise<string> {
    try {
      return await get();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new SmsNotSentError(message, { cause: error });
    }
  }

  return {
    name: 'eskiz',
    /**
     * Only a 4xx answer to the send (or a send never made) is a certain "not sent" (SmsNotSentError).
     * A send that could not be completed (timeout, connection lost) or answered 5xx or an unreadable
     * body may have gone out: SmsSendError, and the caller counts it as sent.
     */
    send: async ({ phone, text }) => {
      const form: Record<string, string> = { mobile_phone: phone, message: text, from: config.from };
      if (config.callbackUrl) form.callback_url = config.callbackUrl;
      let current = token ?? (await beforeSending(login));
      let answer = await call('POST', '/api/message/sms/send', form, current);
      if (answer.status === 401) {
        const stale = current;
        current = await beforeSending(() => renew(stale));
        answer = await call('POST', '/api/message/sms/send', form, current);
      }
      const parsed = ZSendAnswer.safeParse(answer.body);
      if (answer.status >= 400 && answer.status < 500) {
        throw new SmsNotSentError(`Eskiz refused the SMS (${describe(answer)})`);
      }
      if (answer.status < 200 || answer.status >= 300 || !parsed.success) {
        throw new SmsSendError(`Eskiz did not confirm the SMS (${describe(answer)})`);
      }
    },
  };
}
