import type { DbOrTx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { createEskizSender } from './eskiz.ts';
import { createOutboxSender } from './outbox.ts';
import type { SmsSender } from './sms-sender.ts';

export type { SmsMessage, SmsSender } from './sms-sender.ts';
export { SmsNotSentError, SmsSendError } from './sms-sender.ts';

type Log = { info: (obj: object, msg: string) => void };

/** The provider the environment names (env.ts has already checked its settings). */
export function createSmsSender(
  env: Pick<
    Env,
    | 'NODE_ENV'
    | 'SMS_PROVIDER'
    | 'ESKIZ_BASE_URL'
    | 'ESKIZ_EMAIL'
    | 'ESKIZ_PASSWORD'
    | 'ESKIZ_FROM'
    | 'ESKIZ_CALLBACK_URL'
  >,
  deps: { db: DbOrTx; log: Log; now: () => Date },
): SmsSender {
  if (env.SMS_PROVIDER === 'eskiz') {
    if (!env.ESKIZ_EMAIL || !env.ESKIZ_PASSWORD) {
      throw new Error("SMS_PROVIDER is 'eskiz' but ESKIZ_EMAIL or ESKIZ_PASSWORD is not set");
    }
    return createEskizSender({
      baseUrl: env.ESKIZ_BASE_URL,
      email: env.ESKIZ_EMAIL,
      password: env.ESKIZ_PASSWORD,
      from: env.ESKIZ_FROM,
      callbackUrl: env.ESKIZ_CALLBACK_URL,
    });
  }
  // Checked here as well as in env.ts: buildApp also takes env overrides that skip loadEnv.
  if (env.NODE_ENV === 'production') {
    throw new Error("SMS_PROVIDER 'outbox' must not run in production; use 'eskiz'");
  }
  return createOutboxSender(deps);
}
