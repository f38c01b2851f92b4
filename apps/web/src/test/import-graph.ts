import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The storefront's static import graph as the bundler sees it, for the first-load guards
 * (lib/client-bundle.test.ts, features/location/components/location-slot.test.ts). Sources are parsed
 * by TypeScript and imports resolved by its module resolution with the app's tsconfig (the `@/` alias),
 * never by regular expressions. What the bundle leaves out, the walk leaves out too:
 * - `import type`, `export type` and inline `type` specifiers (erased at build time);
 * - `import()` (`next/dynamic`): a separate chunk, loaded on demand;
 * - the exports of a feature's entry point (`index.ts`, `server.ts`: re-exports only) that the importer
 *   does not name: the app's package.json declares its modules free of side effects, so the bundler
 *   skips them (docs/perf/menu-page.md).
 * Ownership of module edges (which library a module pulls in) stays a static over-approximation.
 */
export const SRC = join(import.meta.dirname, '..');

const WEB_ROOT = join(SRC, '..');
const { config } = ts.readConfigFile(join(WEB_ROOT, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, WEB_ROOT);

/** One static import or re-export: what it names ('*' for a namespace, star or side-effect import). */
type TEdge = { specifier: string; names: string[] };
type TModule = {
  isClient: boolean;
  edges: TEdge[];
  dynamic: string[];
  /** Only re-exports (an entry point): the source module of each exported name. */
  reexports: Map<string, string> | null;
};

const parsed = new Map<string, TModule>();

function parse(file: string): TModule {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const edges: TEdge[] = [];
  const dynamic: string[] = [];
  const reexports = new Map<string, string>();
  let onlyReexports = source.statements.length > 0;
  let isClient = false;
  source.statements.forEach((statement, index) => {
    if (
      index === 0 &&
      ts.isExpressionStatement(statement) &&
      ts.isStringLiteral(statement.expression) &&
      statement.expression.text === 'use client'
    ) {
      isClient = true;
      return;
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      onlyReexports = false;
      const clause = statement.importClause;
      if (clause?.isTypeOnly) return;
      const names: string[] = [];
      if (!clause) names.push('*');
      else {
        if (clause.name) names.push('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
          }
        }
        if (names.length === 0) return; // only types
      }
      edges.push({ specifier: statement.moduleSpecifier.text, names });
      return;
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly || !ts.isStringLiteral(statement.moduleSpecifier)) return;
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.exportClause;
      if (!clause || !ts.isNamedExports(clause)) {
        edges.push({ specifier, names: ['*'] });
        reexports.set('*', specifier);
        return;
      }
      const names: string[] = [];
      for (const element of clause.elements) {
        if (element.isTypeOnly) continue;
        names.push((element.propertyName ?? element.name).text);
        reexports.set(element.name.text, specifier);
      }
      if (names.length > 0) edges.push({ specifier, names });
      return;
    }
    const isDirective = ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression);
    const isTypeOnly = ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement);
    if (!isDirective && !isTypeOnly) onlyReexports = false;
  });
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      dynamic.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const module: TModule = { isClient, edges, dynamic, reexports: onlyReexports ? reexports : null };
  parsed.set(file, module);
  return module;
}

const resolutionCache = ts.createModuleResolutionCache(WEB_ROOT, (f) => f, options);
const resolved = new Map<string, string | null>();

/** The source file an import names inside src/, or null for a package (or a file outside src/). */
export function resolveLocal(from: string, specifier: string): string | null {
  const key = `${dirname(from)}|${specifier}`;
  const known = resolved.get(key);
  if (known !== undefined) return known;
  const module = ts.resolveModuleName(specifier, from, options, ts.sys, resolutionCache).resolvedModule;
  const file = module && !module.isExternalLibraryImport ? module.resolvedFileName : null;
  const local = file?.startsWith(`${SRC}/`) && /\.tsx?$/.test(file) ? file : null;
  resolved.set(key, local);
  return local;
}

/** Path below src/, as the guards name modules. */
export const rel = (file: string) => relative(SRC, file);

/** Every non-test source module of the storefront. */
export const sourceFiles: string[] = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('test/'))
  .map((f) => join(SRC, f));

export const isClientModule = (file: string): boolean => parse(file).isClient;

/** The specifiers a module loads with `import()` (`next/dynamic`), resolved where local. */
export function dynamicImports(file: string): string[] {
  return parse(file).dynamic.map((specifier) => {
    const local = resolveLocal(file, specifier);
    return local ? rel(local) : specifier;
  });
}

/** The static edges of `file` when only `names` of it are used ('*': all of it). */
function usedEdges(file: string, names: readonly string[]): TEdge[] {
  const module = parse(file);
  if (!module.reexports || names.includes('*')) return module.edges;
  const wanted = new Set<string>();
  for (const name of names) {
    const from = module.reexports.get(name) ?? module.reexports.get('*');
    if (from) wanted.add(from);
  }
  return module.edges.filter((edge) => wanted.has(edge.specifier));
}

/**
 * Walks the static imports from `entry`: calls `onModule` for every local module reached (with the
 * trail of modules that reached it; return false to stop there) and `onPackage` for every package.
 */
export function walk(
  entry: string,
  visit: {
    onModule?: (file: string, trail: string) => boolean;
    onPackage?: (specifier: string, trail: string) => void;
  },
): void {
  const seen = new Set<string>();
  const go = (file: string, names: readonly string[], trail: string) => {
    const key = parse(file).reexports ? `${file}|${[...names].sort().join(',')}` : file;
    if (seen.has(key)) return;
    seen.add(key);
    for (const edge of usedEdges(file, names)) {
      const local = resolveLocal(file, edge.specifier);
      if (!local) {
        visit.onPackage?.(edge.specifier, trail);
        continue;
      }
      const next = `${trail} > ${rel(local)}`;
      if (visit.onModule && !visit.onModule(local, next)) continue;
      go(local, edge.names, next);
    }
  };
  go(entry, ['*'], rel(entry));
}

/** Every package `entry` reaches statically, each with the first trail that reaches it. */
export function packagesReachedFrom(entry: string): Map<string, string> {
  const reached = new Map<string, string>();
  walk(entry, {
    onPackage: (specifier, trail) => {
      if (!reached.has(specifier)) reached.set(specifier, trail);
    },
  });
  return reached;
}

/** Every local module (below src/) and package `entry` reaches statically. */
export function reachedFrom(entry: string): Set<string> {
  const reached = new Set<string>();
  walk(entry, {
    onModule: (file) => {
      reached.add(rel(file));
      return true;
    },
    onPackage: (specifier) => {
      reached.add(specifier);
    },
  });
  return reached;
}
