import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  branchModifierStopList,
  groupModifiers,
  groupModifierVariants,
  singleModifiers,
} from '../../db/schema/index.ts';

/** Which of these modifier ids (single ones, group variants) are on the branch's modifier stop list. */
export async function findStoppedModifiers(
  db: DbOrTx,
  branchId: string,
  modifierIds: readonly string[],
): Promise<Set<string>> {
  if (!modifierIds.length) return new Set();
  const rows = await db
    .select({ id: branchModifierStopList.modifierId })
    .from(branchModifierStopList)
    .where(
      and(
        eq(branchModifierStopList.branchId, branchId),
        inArray(branchModifierStopList.modifierId, [...modifierIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * A product's modifiers in their positions (rows of equal position by id: the order placing an order
 * reads them in, order-products.repository.ts).
 */
export async function listModifiers(db: DbOrTx, productId: string) {
  const [singles, groups] = await Promise.all([
    db
      .select()
      .from(singleModifiers)
      .where(eq(singleModifiers.productId, productId))
      .orderBy(asc(singleModifiers.position), asc(singleModifiers.id)),
    db
      .select()
      .from(groupModifiers)
      .where(eq(groupModifiers.productId, productId))
      .orderBy(asc(groupModifiers.position), asc(groupModifiers.id)),
  ]);
  const variants = groups.length
    ? await db
        .select()
        .from(groupModifierVariants)
        .where(
          inArray(
            groupModifierVariants.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(groupModifierVariants.position), asc(groupModifierVariants.id))
    : [];
  return {
    singles,
    groups: groups.map((g) => ({ ...g, variants: variants.filter((v) => v.groupId === g.id) })),
  };
}
