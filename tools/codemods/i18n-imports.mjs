// node tools/codemods/i18n-imports.mjs [folder or file ...]   (default: apps/web/src)
// Moves console files from i18next / react-i18next to the console's own i18n (apps/web/src/lib/i18n.ts), which keeps
// their names: only the import changes. i18next's type names become the console's (ParseKeys -> TranslationKey,
// ResourceKey -> Messages, TOptions -> TranslationValues) through the whole file, a namespace argument of
// useTranslation('ns') is dropped (there is one namespace), and a default `import i18next from 'i18next'` becomes
// the `i18n` object. The names join the file's existing lib/i18n import, if any, placed with its relative imports.
// What it cannot map is reported; the lint rule against those packages catches anything left. Safe to run again.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const target = path.join(root, 'apps/web/src/lib/i18n');
const renamed = { ParseKeys: 'TranslationKey', ResourceKey: 'Messages', TOptions: 'TranslationValues' };
const provided = [
  'useTranslation',
  'Trans',
  'i18n',
  'TFunction',
  'TranslationKey',
  'TranslationValues',
  'Messages',
];
const packageImport = /^import\s+(type\s+)?([^;]*?)\s+from\s+['"](react-i18next|i18next)['"];?[ \t]*\n?/gm;

function* sourceFiles(entry) {
  if (fs.statSync(entry).isFile()) {
    if (/\.(ts|tsx|mts)$/.test(entry)) yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry)) {
    if (name !== 'node_modules' && name !== 'dist') yield* sourceFiles(path.join(entry, name));
  }
}

function specifierFor(file) {
  const relative = path.relative(path.dirname(file), target).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function convert(file, source, problems) {
  const specifier = specifierFor(file);
  const values = [];
  const types = [];
  const renames = [];
  let at = -1;
  const take = (typeOnly, clause, module) => {
    const defaultName = /^\s*(\w+)\s*(,|$)/.exec(clause)?.[1];
    if (defaultName && module === 'i18next') values.push(`i18n as ${defaultName}`);
    else if (defaultName) problems.push(`${file}: default import from ${module}`);
    for (const raw of /\{([^}]*)\}/.exec(clause)?.[1].split(',') ?? []) {
      const name = raw.trim();
      if (!name) continue;
      const [imported, local] = name.replace(/^type\s+/, '').split(/\s+as\s+/);
      const final = renamed[imported] ?? imported;
      if (renamed[imported] && !local) renames.push([imported, final]);
      if (module && !provided.includes(final))
        problems.push(`${file}: ${imported} (from ${module}) has no counterpart`);
      (typeOnly || name.startsWith('type ') ? types : values).push(local ? `${final} as ${local}` : final);
    }
  };
  let text = source.replace(packageImport, (_statement, typeOnly, clause, module, offset) => {
    if (at < 0) at = offset;
    take(typeOnly, clause, module);
    return '';
  });
  const ownImport = new RegExp(
    `^import\\s+(type\\s+)?(\\{[^}]*\\})\\s+from\\s+'${escape(specifier)}';[ \\t]*\\n?`,
    'gm',
  );
  text = text.replace(ownImport, (_statement, typeOnly, clause) => {
    take(typeOnly, clause);
    return '';
  });
  for (const [from, to] of renames) text = text.replace(new RegExp(`\\b${from}\\b`, 'g'), to);
  text = text.replace(/useTranslation\(\s*['"][^'"]*['"]\s*\)/g, 'useTranslation()');

  const unique = (names) => [...new Set(names)].sort((a, b) => a.localeCompare(b)).join(', ');
  const lines = [
    values.length ? `import { ${unique(values)} } from '${specifier}';\n` : '',
    types.length ? `import type { ${unique(types)} } from '${specifier}';\n` : '',
  ].join('');
  // With the file's relative imports; else after its last import; else where the package import was.
  const firstRelative = /^import\s[^;]*?\sfrom\s+'\.{1,2}\//m.exec(text)?.index;
  const lastImport = [...text.matchAll(/^import\s[^;]*;[ \t]*\n/gm)].at(-1);
  const place = firstRelative ?? (lastImport ? lastImport.index + lastImport[0].length : at);
  return text.slice(0, place) + lines + text.slice(place);
}

const entries = process.argv.slice(2);
const problems = [];
let changed = 0;
for (const entry of entries.length ? entries : [path.join(root, 'apps/web/src')]) {
  for (const file of sourceFiles(path.resolve(entry))) {
    const source = fs.readFileSync(file, 'utf8');
    if (!/from\s+['"](react-i18next|i18next)['"]/.test(source)) continue;
    fs.writeFileSync(file, convert(file, source, problems));
    changed++;
    console.log(`converted ${path.relative(root, file)}`);
  }
}
console.log(`${changed} file(s) converted`);
for (const problem of problems) console.error(`check by hand: ${problem}`);
if (problems.length) process.exitCode = 1;
