/**
 * Writes `src/mini.generated.ts`: the response schemas the storefront checks in the browser, rebuilt
 * with zod's mini build (`zod/mini`, a few KB instead of classic zod's ~33 KB gzipped) from the classic
 * schemas of this package. The contracts stay the one description: this script reads their zod
 * definitions (`schema._zod.def`) and writes the same schema in mini's functional form, under the
 * same names; `src/mini.test.ts` fails when the file is not what this script writes now, or when a
 * schema's JSON Schema or TypeScript type differs from its original.
 *
 *   npm run generate:mini -w @app/contracts
 *
 * Only what a response needs is supported (objects, arrays, strings with formats and patterns,
 * numbers with bounds, enums, literals, optional, nullable, unions); a transform, a refinement or a
 * default in a browser schema stops the script with the path to it, rather than being dropped.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { $ZodType } from 'zod/v4/core';
import * as contracts from '../src/index.ts';

/** What the storefront parses in the browser (`apps/web/src/lib/browser-contracts.ts` loads them by name). */
export const BROWSER_SCHEMAS = [
  'ZAuditResponse',
  'ZAuthResponse',
  'ZAutoAddResponse',
  'ZBranch',
  'ZBranchListResponse',
  'ZBranchStopsResponse',
  'ZCatalogueChange',
  'ZCheckPointResponse',
  'ZCodeSentResponse',
  'ZCreateOrderResponse',
  'ZCreateReviewResponse',
  'ZCustomer',
  'ZCustomerAddressList',
  'ZDeliveryZonesResponse',
  'ZDiscountWithProductsResponse',
  'ZFiguresResponse',
  'ZGeocoderResponse',
  'ZLoyaltyBalanceResponse',
  'ZLoyaltyHistoryResponse',
  'ZLoyaltyMovementsResponse',
  'ZMenuProductsResponse',
  'ZModifierResponse',
  'ZNearestBranchResponse',
  'ZOrderDetail',
  'ZOrderQuoteResponse',
  'ZOrderStatusEvent',
  'ZOrdersResponse',
  'ZPhoneConfirmResponse',
  'ZPhoneLookupResponse',
  'ZProductDetail',
  'ZProductListResponse',
  'ZReviewEligibility',
  'ZReviewListResponse',
  'ZStaffAccount',
  'ZStaffAccountsResponse',
  'ZStaffBranch',
  'ZStaffBranchesResponse',
  'ZStaffLoginResponse',
  'ZStaffMember',
  'ZStaffMenuProductsResponse',
  'ZStaffMenusResponse',
  'ZStaffOrderDetail',
  'ZStaffOrderEventResponse',
  'ZStaffOrdersResponse',
  'ZStaffStreamOrder',
  'ZStopListResponse',
  'ZUpdateCustomerResponse',
] as const satisfies readonly (keyof typeof contracts)[];

export const OUTPUT = fileURLToPath(new URL('../src/mini.generated.ts', import.meta.url));

/** The package's exports by name (a plain object: the generator looks them up by name). */
const exported: Record<string, unknown> = { ...contracts };

type TDef = Record<string, unknown> & { type: string };
type TCheck = { _zod: { def: Record<string, unknown> & { check: string } } };

const isSchema = (value: unknown): value is $ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value && 'def' in (value as $ZodType)._zod;
const defOf = (schema: $ZodType) => schema._zod.def as unknown as TDef;

/** Names given to another schema (`export const ZRichText = ZLocalizedText;`), read from the sources. */
function aliasNames(): Set<string> {
  const src = fileURLToPath(new URL('../src/', import.meta.url));
  const aliases = new Set<string>();
  for (const file of readdirSync(src).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    for (const [, alias] of readFileSync(`${src}${file}`, 'utf8').matchAll(
      /^export const (Z\w+) = Z\w+;$/gm,
    )) {
      if (alias) aliases.add(alias);
    }
  }
  return aliases;
}

/** Every exported schema by the name it was defined under (not an alias's). */
function schemaNames(): Map<$ZodType, string> {
  const aliases = aliasNames();
  const names = new Map<$ZodType, string>();
  for (const [name, value] of Object.entries(exported)) {
    if (!/^Z[A-Z]/.test(name) || !isSchema(value)) continue;
    if (!names.has(value) || !aliases.has(name)) names.set(value, name);
  }
  return names;
}

const literal = (value: unknown): string => {
  if (value instanceof RegExp) return value.toString();
  if (value === undefined || typeof value === 'bigint' || typeof value === 'function') {
    throw new Error(`cannot write ${String(value)} as a literal`);
  }
  return JSON.stringify(value);
};
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** Options of a format that differ from its default, as mini's params object (`{ offset: true }`). */
function formatParams(def: Record<string, unknown>, defaults: Record<string, unknown>): string {
  const set = Object.entries(defaults).filter(
    ([name, value]) => def[name] !== undefined && def[name] !== value,
  );
  return set.length === 0 ? '' : `{ ${set.map(([name]) => `${name}: ${literal(def[name])}`).join(', ')} }`;
}

function check(c: TCheck, path: string): string {
  const def = c._zod.def;
  switch (def.check) {
    case 'number_format':
      if (def.format === 'safeint') return 'z.int()';
      break;
    case 'greater_than':
      return `z.${def.inclusive ? 'gte' : 'gt'}(${literal(def.value)})`;
    case 'less_than':
      return `z.${def.inclusive ? 'lte' : 'lt'}(${literal(def.value)})`;
    case 'multiple_of':
      return `z.multipleOf(${literal(def.value)})`;
    case 'min_length':
      return `z.minLength(${literal(def.minimum)})`;
    case 'max_length':
      return `z.maxLength(${literal(def.maximum)})`;
    case 'length_equals':
      return `z.length(${literal(def.length)})`;
    case 'string_format':
      if (def.format === 'regex') return `z.regex(${literal(def.pattern)})`;
      break;
  }
  throw new Error(`${path}: the check ${JSON.stringify(def.check)} has no mini form here`);
}

const withChecks = (base: string, def: TDef, path: string): string => {
  const checks = (def.checks as TCheck[] | undefined) ?? [];
  return checks.length === 0 ? base : `${base}.check(${checks.map((c) => check(c, path)).join(', ')})`;
};

/** A string schema's base: plain, or one of the formats a response uses. */
function stringBase(def: TDef, path: string): string {
  switch (def.format) {
    case undefined:
      return 'z.string()';
    case 'uuid':
      return `z.uuid(${formatParams(def, { version: undefined })})`;
    case 'url':
      return `z.url(${formatParams(def, { hostname: undefined, protocol: undefined, normalize: undefined })})`;
    case 'datetime':
      return `z.iso.datetime(${formatParams(def, { offset: false, local: false, precision: null })})`;
    case 'date':
      return 'z.iso.date()';
    default:
      throw new Error(`${path}: the string format ${JSON.stringify(def.format)} has no mini form here`);
  }
}

/**
 * The generator: walks the schemas from the browser's roots, writing each named schema once (its
 * dependencies first) and everything else inline.
 */
export function generateMini(): string {
  const names = schemaNames();
  const written = new Map<string, string>();
  const order: string[] = [];
  const writing = new Set<string>();

  const named = (schema: $ZodType, name: string): string => {
    if (written.has(name) || writing.has(name)) return name;
    writing.add(name);
    const code = expr(schema, name, true);
    writing.delete(name);
    written.set(name, code);
    order.push(name);
    return name;
  };

  function expr(schema: $ZodType, path: string, top = false): string {
    const name = names.get(schema);
    if (!top && name) return named(schema, name);
    const def = defOf(schema);
    const inner = () => expr(def.innerType as $ZodType, path);
    switch (def.type) {
      case 'string':
        return withChecks(stringBase(def, path), def, path);
      case 'number':
        return withChecks(def.format === 'safeint' ? 'z.int()' : 'z.number()', def, path);
      case 'boolean':
      case 'null':
      case 'unknown':
      case 'any':
        return withChecks(`z.${def.type}()`, def, path);
      case 'literal': {
        const values = def.values as unknown[];
        return `z.literal(${values.length === 1 ? literal(values[0]) : `[${values.map(literal).join(', ')}]`})`;
      }
      case 'enum': {
        const entries = Object.entries(def.entries as Record<string, string | number>);
        return entries.every(([k, v]) => k === v)
          ? `z.enum([${entries.map(([, v]) => literal(v)).join(', ')}])`
          : `z.enum({ ${entries.map(([k, v]) => `${key(k)}: ${literal(v)}`).join(', ')} })`;
      }
      case 'array':
        return withChecks(`z.array(${expr(def.element as $ZodType, `${path}[]`)})`, def, path);
      case 'object': {
        if (def.checks && (def.checks as unknown[]).length > 0) {
          throw new Error(`${path}: an object refinement has no place in a browser schema`);
        }
        const catchall = def.catchall as $ZodType | undefined;
        const kind = !catchall
          ? 'object'
          : defOf(catchall).type === 'never'
            ? 'strictObject'
            : defOf(catchall).type === 'unknown'
              ? 'looseObject'
              : null;
        if (!kind) throw new Error(`${path}: an object catchall other than never or unknown`);
        const shape = def.shape as Record<string, $ZodType>;
        const base = extendedFrom(schema);
        const inherited = base ? (defOf(base).shape as Record<string, $ZodType>) : {};
        const own = Object.entries(shape).filter(([field]) => !(field in inherited));
        const fields = own.map(([field, value]) => `${key(field)}: ${expr(value, `${path}.${field}`)},`);
        const object = `{\n${fields.join('\n')}\n}`;
        return base ? `z.extend(${expr(base, path)}, ${object})` : `z.${kind}(${object})`;
      }
      case 'optional':
        return `z.optional(${inner()})`;
      case 'nullable':
        return `z.nullable(${inner()})`;
      case 'nonoptional': {
        // `.partial().required({ id: true })` leaves nonoptional(optional(x)): that is x.
        const innerDef = defOf(def.innerType as $ZodType);
        return innerDef.type === 'optional'
          ? expr(innerDef.innerType as $ZodType, path)
          : `z.nonoptional(${inner()})`;
      }
      case 'union': {
        const options = (def.options as $ZodType[]).map((o, i) => expr(o, `${path}|${i}`)).join(', ');
        return def.discriminator
          ? `z.discriminatedUnion(${literal(def.discriminator)}, [${options}])`
          : `z.union([${options}])`;
      }
      case 'record':
        return `z.record(${expr(def.keyType as $ZodType, `${path}{key}`)}, ${expr(def.valueType as $ZodType, `${path}{}`)})`;
      default:
        throw new Error(`${path}: a ${def.type} has no place in a browser schema (a response is data only)`);
    }
  }

  /**
   * The named object this one was made from with `.extend()`: its fields come first, as the same
   * schema objects, one of them unnamed (a shared `ZId` alone proves nothing). The largest such.
   */
  function extendedFrom(schema: $ZodType): $ZodType | null {
    const def = defOf(schema);
    const fields = Object.entries(def.shape as Record<string, $ZodType>);
    let best: $ZodType | null = null;
    let bestSize = 0;
    for (const candidate of names.keys()) {
      const other = defOf(candidate);
      if (candidate === schema || other.type !== 'object' || other.catchall !== def.catchall) continue;
      if ((other.checks as unknown[] | undefined)?.length) continue;
      const base = Object.entries(other.shape as Record<string, $ZodType>);
      const prefix =
        base.length < fields.length &&
        base.every(([k, v], i) => fields[i]?.[0] === k && fields[i]?.[1] === v);
      if (prefix && base.some(([, v]) => !names.has(v)) && base.length > bestSize) {
        best = candidate;
        bestSize = base.length;
      }
    }
    return best;
  }

  const aliases: string[] = [];
  for (const root of BROWSER_SCHEMAS) {
    const schema = exported[root] as $ZodType;
    const name = names.get(schema) ?? root;
    named(schema, name);
    if (name !== root) aliases.push(`export const ${root} = ${name};`);
  }

  return [
    '// Generated by packages/contracts/scripts/generate-mini.ts from the contracts in this folder: do not',
    '// edit. `npm run generate:mini -w @app/contracts` writes it again; src/mini.test.ts fails when it is stale.',
    "import * as z from 'zod/mini';",
    '',
    ...order.map((name) => `export const ${name} = ${written.get(name)};\n`),
    ...aliases,
    '',
  ].join('\n');
}

/** Biome's formatting of the generated text (the file is checked in formatted, like every other). */
export function formatted(source: string): string {
  const biome = spawnSync(
    fileURLToPath(new URL('../../../node_modules/.bin/biome', import.meta.url)),
    ['format', `--stdin-file-path=${OUTPUT}`],
    { input: source, encoding: 'utf8' },
  );
  if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stderr}`);
  return biome.stdout;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OUTPUT, formatted(generateMini()));
  console.log(`wrote ${OUTPUT}`);
}
