import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import type { SmsSender } from './sms-sender.ts';

type Log = { info: (obj: object, msg: string) => void };

/**
 * Development and tests: nothing leaves the machine. Each message is stored (read back at
 * GET /v1/dev/sms-outbox) and logged, so a developer can sign in from the terminal too.
 * env.ts refuses this provider in production.
 */
export function createOutboxSender(deps: { db: DbOrTx; log: Log; now: () => Date }): SmsSender {
  return {
    name: 'outbox',
    send: async ({ phone, text }) => {
      await deps.db.insert(smsOutbox).values({ phone, text, createdAt: deps.now() });
      deps.log.info({ phone, text }, 'sms outbox: message stored (not sent)');
    },
  };
}

/** The messages of one phone, newest first. */
export async function listOutbox(db: DbOrTx, phone: string, limit = 50) {
  return db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}
