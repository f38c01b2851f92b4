/**
 * Table helpers of the contract tests (`<module>.test.ts` beside each module). Test support only:
 * `index.ts` does not export it, so it never reaches the API or the storefront.
 *
 * A contract test starts from a sample the schema must accept (an answer the API really gave, or a
 * request in the platform's shape) and changes one field at a time: a value of another JSON type,
 * the field left out, a control character in a text, a number out of range. Each change must be
 * refused, and refused at the field that was changed (so a sample broken for another reason cannot
 * make a refusal pass).
 */
import { expect } from 'vitest';
import type { z } from 'zod';

export type Path = readonly (string | number)[];

/** Stands for "leave the field out" in `changed`. */
export const REMOVED = Symbol('removed');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A deep copy of `value` with the field at `path` set to `next` (added when missing), or left out when
 * `next` is REMOVED. An array item or a field to remove must exist.
 */
export function changed(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = structuredClone(value);
  let parent: unknown = copy;
  for (const key of path.slice(0, -1)) {
    parent = (parent as Record<string | number, unknown>)[key];
    if (typeof parent !== 'object' || parent === null) throw new Error(`no field at ${path.join('.')}`);
  }
  const last = path.at(-1) as string | number;
  const container = parent as Record<string | number, unknown>;
  if (Array.isArray(container) ? !(last in container) : next === REMOVED && !(last in container)) {
    throw new Error(`no field at ${path.join('.')}`);
  }
  if (next === REMOVED) {
    if (Array.isArray(container)) throw new Error(`${path.join('.')} is an array item, not a field`);
    delete container[last];
  } else {
    container[last] = next;
  }
  return copy;
}

/** Every value inside `value` (object fields and array items, at any depth) with its path; not `value` itself. */
export function inner(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : isRecord(value)
      ? Object.entries(value)
      : [];
  return entries.flatMap(([key, child]) => [
    { path: [...path, key], value: child },
    ...inner(child, [...path, key]),
  ]);
}

/** A value of another JSON type than `value`. */
export function otherType(value: unknown): unknown {
  if (typeof value === 'string') return 7;
  if (typeof value === 'number') return '7';
  if (typeof value === 'boolean') return 'true';
  if (value === null) return {};
  if (Array.isArray(value)) return {};
  return 'x';
}

const show = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join('.') : '(root)');

/** Asserts `schema` accepts `value`, naming every issue when it does not. */
export function expectAccepted(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.error?.issues.map((i) => `${show(i.path)}: ${i.message}`) ?? []).toEqual([]);
}

/**
 * Asserts `schema` refuses `value`; with `at`, that one of the issues is about that field (or inside
 * it: a wrong object is refused at its missing fields).
 */
export function expectRefused(schema: z.ZodType, value: unknown, at?: Path): void {
  const result = schema.safeParse(value);
  expect(result.success, `accepted ${JSON.stringify(value)}`).toBe(false);
  if (at) {
    const paths = result.error?.issues.map((i) => i.path) ?? [];
    const about = paths.some((p) => at.every((key, i) => p[i] === key));
    expect(about, `refused at ${paths.map(show).join(', ')}, not at ${show(at)}`).toBe(true);
  }
}

/** The paths inside `sample` where `schema` still accepts a value of another JSON type (should be none). */
export function wrongTypesAccepted(schema: z.ZodType, sample: unknown): string[] {
  return inner(sample)
    .filter(({ path, value }) => schema.safeParse(changed(sample, path, otherType(value))).success)
    .map(({ path }) => show(path));
}

/**
 * The fields of `sample` (at any depth, array items excluded) that `schema` lets a client leave out:
 * compare them with the fields the contract documents as optional.
 */
export function omissionsAccepted(schema: z.ZodType, sample: unknown): string[] {
  return inner(sample)
    .filter(({ path }) => typeof path.at(-1) === 'string')
    .filter(({ path }) => schema.safeParse(changed(sample, path, REMOVED)).success)
    .map(({ path }) => show(path));
}

/** `text` with `char` put in its middle (so trimming cannot take it off). */
const inTheMiddle = (text: string, char: string) =>
  `${text.slice(0, Math.ceil(text.length / 2))}${char}${text.slice(Math.ceil(text.length / 2))}`;

/** Characters no text a client sends may hold, one line or several (see common.ts). */
export const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\ud83d'];

/**
 * Puts control characters into every text of a request `sample` (each string at any depth) and
 * lists what `schema` accepts: nothing, except a line break in the fields of `multiLine` (comments,
 * messages), where it must be accepted. Returns the violations as readable lines.
 */
export function controlCharacterViolations(
  schema: z.ZodType,
  sample: unknown,
  multiLine: readonly string[] = [],
): string[] {
  const violations: string[] = [];
  for (const { path, value } of inner(sample)) {
    if (typeof value !== 'string') continue;
    const field = show(path);
    for (const char of CONTROL_CHARACTERS) {
      if (schema.safeParse(changed(sample, path, inTheMiddle(value, char))).success) {
        violations.push(`${field} accepts ${JSON.stringify(char)}`);
      }
    }
    const lineBreak = schema.safeParse(changed(sample, path, inTheMiddle(value, '\n'))).success;
    if (lineBreak !== multiLine.includes(field)) {
      violations.push(`${field} ${lineBreak ? 'accepts' : 'refuses'} a line break`);
    }
  }
  return violations;
}
