import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../../..');
/** Folders no one writes by hand, or that are not the project's. */
const SKIPPED = new Set(['node_modules', 'dist', '.next', 'out-tsc', 'coverage', 'generated']);
const TEXT = /\.(md|ts|tsx|cjs|mjs|js|graphql|ya?ml|sh)$/;
/** `ADR 0048`, `ADR-0048`, `ADRs 0048, 0061` (or `and`, `/`, `–` between), `docs/adr/0048-…`. */
const CITATION = /\bADRs?[ -](0\d{3}(?!\d)(?:(?:, | and | or |\/|–|-)0\d{3}(?!\d))*)|adr\/(0\d{3})(?!\d)/g;

interface Citation {
  readonly at: string;
  readonly adr: string;
}

/** Every ADR number `text` cites, with its line (`file:line`). */
function citationsIn(text: string, file: string): Citation[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(CITATION)].flatMap((m) =>
        ((m[1] ?? m[2] ?? '').match(/\d{4}/g) ?? []).map((adr) => ({ at: `${file}:${index + 1}`, adr })),
      ),
    );
}

/** The project's hand-written text files below `dir` (dot-folders, build output and generated code left out). */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    if (entry.isDirectory()) return textFiles(full);
    return TEXT.test(entry.name) && !entry.name.endsWith('.data.ts') ? [full] : [];
  });
}

/** The citations of numbers no file in docs/adr has (a deleted or folded ADR: docs/adr/README.md says where it lives). */
function dangling(citations: readonly Citation[], adrFiles: readonly string[]): string[] {
  const numbers = new Set(adrFiles.map((file) => file.slice(0, 4)));
  return citations.filter((c) => !numbers.has(c.adr)).map((c) => `${c.at} cites ADR ${c.adr}`);
}

describe('ADR citations in docs, code and tests', () => {
  it('given every ADR number cited in the repository, then each is a file in docs/adr', () => {
    // This file's own examples cite folded numbers on purpose.
    const files = ['docs', 'apps', 'libs', 'scripts', 'tools', 'infra']
      .flatMap((dir) => textFiles(path.join(root, dir)))
      .filter((file) => file !== __filename);
    const cited = [...files, path.join(root, 'README.md'), path.join(root, 'CONTRIBUTING.md')].flatMap(
      (file) => citationsIn(readFileSync(file, 'utf8'), path.relative(root, file)),
    );
    expect(files.length).toBeGreaterThan(1000);
    expect(cited.length).toBeGreaterThan(100);
    expect(dangling(cited, readdirSync(path.join(root, 'docs/adr')))).toEqual([]);
  });

  it('given a citation of a folded ADR in each written form, then the check names it with its place (it can fail)', () => {
    const text = [
      'kept (ADR 0048), and docs/adr/0022-gone.md',
      '// both (ADRs 0061, 0063), (ADR 0061 and 0050), ADR-0057, adr/0048',
      'a year (0059) or ADR 00501 is no citation',
    ].join('\n');
    expect(
      dangling(citationsIn(text, 'a.md'), [
        '0048-idle-lobby-expires.md',
        '0061-host-chooses-lobby-idle-time.md',
      ]),
    ).toEqual([
      'a.md:1 cites ADR 0022',
      'a.md:2 cites ADR 0063',
      'a.md:2 cites ADR 0050',
      'a.md:2 cites ADR 0057',
    ]);
  });
});
