import { type HttpError, isHttpError } from '../../http/errors.ts';

/** A refusal met while pricing an order, with the body field it is about when the error names none. */
export type Refusal = { error: HttpError; field?: string };

/**
 * Where the pricing of an order (order-pricing.ts) puts the refusals it meets. Placing an order
 * fails fast: the first refusal is thrown at once, exactly as a plain `throw` would, so nothing after
 * it runs. A quote collects them all and goes on with what it can still compute.
 */
export class Refusals {
  readonly list: Refusal[] = [];

  constructor(readonly failFast: boolean) {}

  static failFast(): Refusals {
    return new Refusals(true);
  }

  static collect(): Refusals {
    return new Refusals(false);
  }

  add(error: HttpError, field?: string): void {
    if (this.failFast) throw error;
    this.list.push(field === undefined ? { error } : { error, field });
  }

  /** Runs a check that throws its refusal: an HttpError is added (undefined answered), others propagate. */
  check<T>(run: () => T, field?: string): T | undefined {
    try {
      return run();
    } catch (error) {
      if (!isHttpError(error)) throw error;
      this.add(error, field);
      return undefined;
    }
  }

  async checkAsync<T>(run: () => Promise<T>, field?: string): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      if (!isHttpError(error)) throw error;
      this.add(error, field);
      return undefined;
    }
  }
}
