import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SETTING_NAMES, parseEnv } from './config';

const root = path.join(__dirname, '../../..');
const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');

interface SettingRow {
  readonly names: readonly string[];
  readonly defaults: string;
  readonly meaning: string;
}

const HEADER = '| variable | default | meaning |';

/** The rows of every `| variable | default | meaning |` table in the page's "## Settings" section. */
function settingRows(markdown: string): SettingRow[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Settings\n')) ?? '';
  const rows: SettingRow[] = [];
  let inTable = false;
  for (const line of section.split('\n')) {
    if (line === HEADER) inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    else if (inTable && !line.startsWith('|---')) {
      const [variables = '', defaults = '', meaning = ''] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      rows.push({
        names: [...variables.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1] as string),
        defaults,
        meaning,
      });
    }
  }
  return rows;
}

/** What config.ts reads that the tables lack, what they list that it does not read, and what they list twice. */
function drift(configNames: readonly string[], rows: readonly SettingRow[]) {
  const listed = rows.flatMap((row) => row.names);
  return {
    undocumented: configNames.filter((name) => !listed.includes(name)),
    notRead: listed.filter((name) => !configNames.includes(name)),
    twice: listed.filter((name, index) => listed.indexOf(name) !== index),
  };
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const rows = settingRows(operations);

describe('the settings tables of docs/operations.md', () => {
  it('given the variables config.ts reads, then the tables list exactly those, each once', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(drift(SETTING_NAMES, rows)).toEqual({ undocumented: [], notRead: [], twice: [] });
  });

  it('given a setting config.ts reads and the tables lack, or one they list that it does not read, then the check names it (it can fail)', () => {
    const page = [
      '## Settings',
      '',
      HEADER,
      '|---|---|---|',
      '| `KEPT`, `OLD` | `1`, `2` | … |',
      '| `KEPT` | `1` | … |',
      '',
      '## Next',
      HEADER,
      '| `LATER` | — | … |',
    ].join('\n');
    expect(drift(['KEPT', 'NEW'], settingRows(page))).toEqual({
      undocumented: ['NEW'],
      notRead: ['OLD'],
      twice: ['KEPT'],
    });
  });

  it('given a default written as plain values, then it is the value config.ts takes when the variable is unset', () => {
    const unset = parseEnv({}) as Record<string, unknown>;
    const literal = rows.filter((row) => /^`[^`]+`(, `[^`]+`)*$/.test(row.defaults));
    const written = literal.flatMap((row) =>
      row.names.map((name, i) => [name, row.defaults.split(', ')[i]?.replace(/`/g, '')]),
    );
    expect(written.length).toBeGreaterThanOrEqual(35);
    expect(written).toEqual(written.map(([name]) => [name, String(unset[name as string])]));
  });

  it('given each row, then its meaning fits one line and every link in it leads to a heading of the page or a file', () => {
    const anchors = new Set([...operations.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1] as string)));
    const long = rows.filter((row) => row.meaning.length > 140).map((row) => row.names[0]);
    const links = rows.flatMap((row) =>
      [...row.meaning.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] as string),
    );
    const broken = links.filter((link) =>
      link.startsWith('#')
        ? !anchors.has(link.slice(1))
        : !readdirSync(path.join(root, 'docs', path.dirname(link))).includes(path.basename(link)),
    );
    expect(long).toEqual([]);
    expect(links.length).toBeGreaterThan(10);
    expect(broken).toEqual([]);
  });
});
