/**
 * A branch's delivery and cooking times as a manager types them: whole minutes from 1 to 600 (what
 * PUT /v1/staff/branches/{id}/times takes, ZBranchTimesRequest; kept here so the branches screen
 * does not load the contracts' zod for two numbers; branch-times.test.ts holds them equal).
 */
export const MIN_BRANCH_MINUTES = 1;
export const MAX_BRANCH_MINUTES = 600;

export type TBranchTimes = { delivery_time: number; cooking_time: number };
export type TBranchTimeField = keyof TBranchTimes;
export const BRANCH_TIME_FIELDS: readonly TBranchTimeField[] = ['delivery_time', 'cooking_time'];

/** A typed number of minutes: digits only (spaces around allowed), 1..600; anything else is null. */
export function parseMinutesInput(text: string): number | null {
  const compact = text.trim();
  if (!/^\d{1,3}$/.test(compact)) return null;
  const value = Number(compact);
  return value >= MIN_BRANCH_MINUTES && value <= MAX_BRANCH_MINUTES ? value : null;
}

/**
 * Both typed times as the request's body, or the fields that are not whole minutes in range (in the
 * form's order).
 */
export function branchTimesBody(
  typed: Record<TBranchTimeField, string>,
): { ok: true; body: TBranchTimes } | { ok: false; invalid: TBranchTimeField[] } {
  const delivery = parseMinutesInput(typed.delivery_time);
  const cooking = parseMinutesInput(typed.cooking_time);
  if (delivery !== null && cooking !== null) {
    return { ok: true, body: { delivery_time: delivery, cooking_time: cooking } };
  }
  return {
    ok: false,
    invalid: BRANCH_TIME_FIELDS.filter((field) => parseMinutesInput(typed[field]) === null),
  };
}

/**
 * The time fields an API refusal names (a 400 VALIDATION_ERROR's `fields`), to mark those inputs;
 * none for any other refusal.
 */
export function refusedTimeFields(fields: readonly { field: string }[] | undefined): TBranchTimeField[] {
  const named = new Set((fields ?? []).map((f) => f.field));
  return BRANCH_TIME_FIELDS.filter((field) => named.has(field));
}
