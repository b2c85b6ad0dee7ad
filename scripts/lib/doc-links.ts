/**
 * What the docs point at, checked against the tree: every relative link of README.md and docs/**.md names a
 * file that exists (and a heading of it, for `#anchor`), and every `npm run <script>` (with `--workspace <ws>`
 * when given) names a script of that package.json. External links (`https:`, `mailto:` ...) are not followed.
 *
 * @example
 *   const problems = checkDocs(repoRoot); // ['docs/mail.md:12: link setup.md: no such file', ...]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The Markdown files the check reads: README.md, then docs/ and its folders, in name order. */
export function docFiles(root: string): string[] {
  const files = existsSync(path.join(root, 'README.md')) ? ['README.md'] : [];
  const walk = (dir: string): void => {
    if (!existsSync(path.join(root, dir))) return;
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  walk('docs');
  return files;
}

/** The lines that are prose: fenced code blocks are blanked (their line numbers kept). */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length) fence = null;
      return '';
    }
    if (opener) {
      fence = opener;
      return '';
    }
    return line;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const text = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (text === undefined) continue;
    const base = text
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

/** Link targets outside inline code, with their line numbers: `[text](target)` and `[ref]: target`. */
export function linksIn(markdown: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  proseLines(markdown).forEach((raw, i) => {
    const line = raw.replace(/`[^`]*`/g, '');
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ line: i + 1, target: m[1]! });
    const ref = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
    if (ref) links.push({ line: i + 1, target: ref[1]! });
  });
  return links;
}

/** Every `npm run <script>` (code blocks included), with the workspace a `--workspace`/`-w` flag names. */
export function npmRunsIn(markdown: string): { line: number; script: string; workspace?: string }[] {
  const runs: { line: number; script: string; workspace?: string }[] = [];
  markdown.split('\n').forEach((text, i) => {
    for (const m of text.matchAll(/\bnpm run ([\w:.-]*[\w:-])([^`;&|)\n]*)/g)) {
      const flags = m[2]!.split(/\s--\s/)[0]!;
      const workspace = /(?:--workspace[= ]|-w )\s*([\w@/.-]*[\w-])/.exec(flags)?.[1];
      runs.push({ line: i + 1, script: m[1]!, ...(workspace ? { workspace } : {}) });
    }
    for (const m of text.matchAll(/\bnpm (start|test)\b/g)) runs.push({ line: i + 1, script: m[1]! });
  });
  return runs;
}

type Pkg = { name?: string; scripts?: Record<string, string>; workspaces?: string[] };
const readJson = (file: string): Pkg => JSON.parse(readFileSync(file, 'utf8')) as Pkg;

/** The scripts of the root package and of each workspace, found by folder or by package name. */
function packageScripts(root: string): { root: Set<string>; workspace: (name: string) => Set<string> | undefined } {
  const rootPkg = readJson(path.join(root, 'package.json'));
  const byName = new Map<string, Set<string>>();
  for (const dir of rootPkg.workspaces ?? []) {
    const file = path.join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = readJson(file);
    const scripts = new Set(Object.keys(pkg.scripts ?? {}));
    byName.set(dir.replace(/\/$/, ''), scripts);
    if (pkg.name) byName.set(pkg.name, scripts);
  }
  return { root: new Set(Object.keys(rootPkg.scripts ?? {})), workspace: (name) => byName.get(name) };
}

/** Checks the docs of the repository at `root`; answers one line per problem, `file:line: what`. */
export function checkDocs(root: string): string[] {
  const problems: string[] = [];
  const scripts = packageScripts(root);
  const slugsOf = new Map<string, Set<string>>();
  const slugs = (file: string): Set<string> => {
    if (!slugsOf.has(file)) slugsOf.set(file, headingSlugs(readFileSync(file, 'utf8')));
    return slugsOf.get(file)!;
  };
  for (const doc of docFiles(root)) {
    const text = readFileSync(path.join(root, doc), 'utf8');
    for (const { line, target } of linksIn(text)) {
      if (/^[a-z][\w+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
      const file = pathPart
        ? path.resolve(path.dirname(path.join(root, doc)), decodeURIComponent(pathPart))
        : path.join(root, doc);
      const where = `${doc}:${line}: link ${target}`;
      if (path.relative(root, file).startsWith('..')) problems.push(`${where}: outside the repository`);
      else if (!existsSync(file)) problems.push(`${where}: no such file`);
      else if (anchor && statSync(file).isFile() && file.endsWith('.md') && !slugs(file).has(anchor.toLowerCase()))
        problems.push(`${where}: no heading '#${anchor}' in ${path.relative(root, file)}`);
    }
    for (const { line, script, workspace } of npmRunsIn(text)) {
      const known = workspace ? scripts.workspace(workspace) : scripts.root;
      const command = `npm run ${script}${workspace ? ` --workspace ${workspace}` : ''}`;
      if (!known) problems.push(`${doc}:${line}: ${command}: no workspace '${workspace}'`);
      else if (!known.has(script))
        problems.push(`${doc}:${line}: ${command}: no script '${script}' in ${workspace ?? 'the root'} package.json`);
    }
  }
  return problems;
}
