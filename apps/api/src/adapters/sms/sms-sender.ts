/** One text message to one phone (998XXXXXXXXX). */
export type SmsMessage = { phone: string; text: string };

export type SmsSender = {
  readonly name: 'outbox' | 'eskiz';
  /**
   * Resolves once the provider has accepted the message. Rejects with SmsNotSentError when the
   * message certainly did not go out, and with SmsSendError (or anything else) when that is not known.
   */
  send: (message: SmsMessage) => Promise<void>;
};

/**
 * The provider did not confirm that it took the message (down, timed out, answered 5xx or something
 * unreadable): it may have sent it all the same. The caller answers 503.
 */
export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}

/**
 * The message certainly did not go out: the provider refused the send with a 4xx answer (a number or
 * text it does not take, an exhausted balance), or the send was never made (the provider's login
 * failed). Only such a send may be left out of the send limits; the caller answers 503 as well.
 */
export class SmsNotSentError extends SmsSendError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsNotSentError';
  }
}
