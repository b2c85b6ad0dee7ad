// The docs' link check (scripts/lib/doc-links.ts, run by `npm run lint`) on a small tree of its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDocs, headingSlugs, npmRunsIn } from '../../../scripts/lib/doc-links.js';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'docs-check-'));
  write('package.json', JSON.stringify({ workspaces: ['client'], scripts: { start: 'x', test: 'x', lint: 'x' } }));
  write('client/package.json', JSON.stringify({ name: '@app/client', scripts: { dev: 'vite' } }));
  write('docs/mail.md', '# Mail\n\n## Providers and webhooks\n\n## Providers and webhooks\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('checkDocs', () => {
  it('passes docs whose links, anchors and scripts all exist', () => {
    write(
      'README.md',
      [
        '# App',
        'Run `npm start`, then `npm run lint`; the client alone: `npm run dev --workspace client` (or `-w @app/client`: npm run dev -w @app/client).',
        'See [mail](docs/mail.md#providers-and-webhooks-1), [the top](#app), [a folder](client/) and [the web](https://example.org/x.md).',
        '```sh',
        '[not a link](nowhere.md)',
        '```',
        'Code is not a link: `[x](nowhere.md)`.',
      ].join('\n'),
    );
    expect(checkDocs(root)).toEqual([]);
  });

  it('lists a broken link, a missing heading, an unknown script and an unknown workspace, by file and line', () => {
    write(
      'README.md',
      '# App\n\nSee [setup](docs/setup.md) and [mail](docs/mail.md#sending).\n\n```sh\nnpm run deploy\n```\n',
    );
    write(
      'docs/testing.md',
      '# Testing\n\n`npm run dev --workspace server`, [back](../README.md#app), [up](../../x.md)\n',
    );
    expect(checkDocs(root)).toEqual([
      'README.md:3: link docs/setup.md: no such file',
      "README.md:3: link docs/mail.md#sending: no heading '#sending' in docs/mail.md",
      "README.md:6: npm run deploy: no script 'deploy' in the root package.json",
      'docs/testing.md:3: link ../../x.md: outside the repository',
      "docs/testing.md:3: npm run dev --workspace server: no workspace 'server'",
    ]);
  });
});

describe('the parts', () => {
  it("slugs headings as GitHub does, code blocks' lines aside", () => {
    const slugs = headingSlugs(
      '# Run it, test it\n## `npm start` & more\n```\n# not a heading\n```\n## Run it, test it\n',
    );
    expect([...slugs]).toEqual(['run-it-test-it', 'npm-start--more', 'run-it-test-it-1']);
  });

  it("reads a script's workspace flag but not the script's own arguments after --", () => {
    expect(npmRunsIn('npm run seed -- --workspace x; npm run build --workspace=client. npm test')).toEqual([
      { line: 1, script: 'seed' },
      { line: 1, script: 'build', workspace: 'client' },
      { line: 1, script: 'test' },
    ]);
  });
});
