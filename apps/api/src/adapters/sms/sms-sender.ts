/** One text message to one phone (998XXXXXXXXX). */
export type SmsMessage = { phone: string; text: string };

export type SmsSender = {
  readonly name: 'outbox' | 'eskiz';
  /** Resolves once the provider has accepted the message; rejects with SmsSendError otherwise. */
  send: (message: SmsMessage) => Promise<void>;
};

/** The provider did not take the message (down, refused, misconfigured): the caller answers 503. */
export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
