import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site has one stylesheet, and the HTML cache inlines into every cached page each of its rules
 * without a class, the `:root` theme variables among them (lib/html-cache/inline-css.ts). Tailwind
 * emits a theme variable for every theme colour some file uses: a default-palette colour used only by
 * the staff workspace (`bg-amber-100`) would put `--color-amber-100` into every customer page's first
 * bytes (the perf journey's budget). The workspace writes its own colours as values (`bg-[#fef3c6]`),
 * which make classes only, never variables.
 */
const SRC = join(import.meta.dirname, '../..');
const ROOTS = ['features/staff', 'features/staff-manage', 'app/[locale]/staff'];
const PALETTE =
  /\b(?:bg|text|border|outline|ring|from|to|via|fill|stroke|decoration|divide|accent|caret|shadow)-(?:red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|slate|gray|zinc|neutral|stone)-\d{2,3}\b/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the staff workspace styles', () => {
  it("use no default-palette colour (it would add a theme variable to every customer page's inlined CSS)", () => {
    const found = ROOTS.flatMap((root) => files(join(SRC, root))).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(PALETTE)].map((m) => `${file.slice(SRC.length + 1)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
    expect('bg-amber-100 text-[#fff]'.match(PALETTE)).toEqual(['bg-amber-100']);
  });
});
