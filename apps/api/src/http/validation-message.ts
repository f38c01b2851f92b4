/** Turns a zod issue (as fastify-type-provider-zod hands it over) into a sentence a person can act on. */
type IssueParams = {
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  expected?: string;
  format?: string;
  values?: unknown[];
  keys?: string[];
};

export type ValidationIssue = { instancePath: string; keyword: string; message?: string; params?: unknown };

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
};

export const contextName = (context: string | undefined) => CONTEXT_NAMES[context ?? ''] ?? 'request';

/** '/fields/1' → 'fields[1]'; '/address/street' → 'address.street'. */
export function fieldName(instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  let name = '';
  for (const part of parts) name += /^\d+$/.test(part) ? `[${part}]` : name ? `.${part}` : part;
  return name;
}

const unit = (origin: string | undefined) =>
  origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' items' : '';

function describe(issue: ValidationIssue): string {
  const p = (issue.params ?? {}) as IssueParams;
  const own = issue.message ?? '';
  // Messages written in the contracts ('must be a slug') are already meant for people.
  if (own && !/^(Invalid|Too (big|small)|Unrecognized)/.test(own)) return own;
  switch (issue.keyword) {
    case 'too_big':
      return `must be at most ${String(p.maximum)}${unit(p.origin)}`;
    case 'too_small':
      if (p.origin === 'string' && Number(p.minimum) === 1) return 'must not be empty';
      return `must be at least ${String(p.minimum)}${unit(p.origin)}`;
    case 'invalid_type':
      if (own.includes('received undefined')) return 'is required';
      if (p.expected === 'int') return 'must be a whole number';
      return `must be ${p.expected === 'array' || p.expected === 'object' ? 'an' : 'a'} ${p.expected ?? 'value'}`;
    case 'invalid_format':
      if (p.format === 'uuid' || p.format === 'guid') return 'must be a uuid';
      return `must be a valid ${p.format ?? 'value'}`;
    case 'invalid_value':
      return `must be one of: ${(p.values ?? []).map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown keys: ${(p.keys ?? []).join(', ')}`;
    case 'not_multiple_of':
      return 'has the wrong step';
    default:
      return own || 'is invalid';
  }
}

export function describeIssues(context: string | undefined, issues: ValidationIssue[]) {
  const fields = issues.map((issue) => {
    const field = fieldName(issue.instancePath) || contextName(context);
    return { field, message: describe(issue) };
  });
  const sentence = fields.map((f) => `${f.field} ${f.message}`).join('; ');
  return { message: `Invalid ${contextName(context)}: ${sentence}`, fields };
}
