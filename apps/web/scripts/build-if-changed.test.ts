import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { needsBuild, webBuildInputs, writeStamp } from './build-if-changed.ts';

let root: string;
const dist = () => join(root, 'apps/web/dist');

function write(path: string, content: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

/** A build in dist, stamped with the current inputs (what build-if-changed does after building). */
function build(env: { NODE_ENV?: string } = {}): void {
  write('apps/web/dist/index.html', '<!doctype html>');
  mkdirSync(join(dist(), '.vite'), { recursive: true });
  writeStamp(dist(), needsBuild(root, dist(), env).hash);
}

beforeEach(() => {
  // A small repository: the web app imports @ec/a, which imports @ec/b; @ec/c is not used by the web app.
  root = mkdtempSync(join(tmpdir(), 'ec-build-if-changed-'));
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.base.json', '{}');
  write('apps/web/package.json', JSON.stringify({ dependencies: { '@ec/a': '*', react: '^19' } }));
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/vite.config.ts', 'export default {};');
  write('apps/web/src/main.tsx', 'console.log(1);');
  write('apps/web/src/main.test.tsx', 'test');
  write('apps/web/e2e/shell.e2e.ts', 'e2e');
  write('apps/web/README.md', '# web');
  write(
    'packages/a/package.json',
    JSON.stringify({ name: '@ec/a', dependencies: { '@ec/b': '*' } }),
  );
  write('packages/a/src/index.ts', 'export const a = 1;');
  write('packages/b/package.json', JSON.stringify({ name: '@ec/b' }));
  write('packages/b/src/index.ts', 'export const b = 1;');
  write('packages/c/package.json', JSON.stringify({ name: '@ec/c' }));
  write('packages/c/src/index.ts', 'export const c = 1;');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-changed', () => {
  it('lists the web sources, the packages it imports (transitively) and the lockfile, nothing else', () => {
    const inputs = webBuildInputs(root).map((file) => relative(root, file));
    expect(inputs).toEqual(
      expect.arrayContaining([
        'apps/web/src/main.tsx',
        'apps/web/vite.config.ts',
        'apps/web/index.html',
        'packages/a/src/index.ts',
        'packages/b/src/index.ts',
        'package-lock.json',
      ]),
    );
    expect(inputs.some((file) => file.startsWith('packages/c/'))).toBe(false);
    expect(inputs).not.toContain('apps/web/src/main.test.tsx');
    expect(inputs).not.toContain('apps/web/e2e/shell.e2e.ts');
    expect(inputs).not.toContain('apps/web/README.md');
  });

  it('builds when there is no build, or a build without a stamp', () => {
    expect(needsBuild(root, dist())).toMatchObject({ needed: true, reason: 'no build yet' });
    write('apps/web/dist/index.html', '<!doctype html>');
    expect(needsBuild(root, dist()).needed).toBe(true);
  });

  it('skips the build when nothing changed since the last one', () => {
    build();
    expect(needsBuild(root, dist()).needed).toBe(false);
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx', 'console.log(2);'],
    ['a new web source', 'apps/web/src/new.ts', 'export {};'],
    ['the Vite config', 'apps/web/vite.config.ts', 'export default { base: "/x/" };'],
    ['a package the web app imports', 'packages/a/src/index.ts', 'export const a = 2;'],
    ['a package imported through another', 'packages/b/src/index.ts', 'export const b = 2;'],
    ['the lockfile', 'package-lock.json', '{"lockfileVersion":3,"x":1}'],
  ])('builds again after a change to %s', (_what, path, content) => {
    build();
    write(path, content);
    expect(needsBuild(root, dist())).toMatchObject({
      needed: true,
      reason: 'the web sources changed',
    });
  });

  it.each([
    ['a test file', 'apps/web/src/main.test.tsx', 'changed'],
    ['a browser test', 'apps/web/e2e/shell.e2e.ts', 'changed'],
    ['a README', 'apps/web/README.md', '# changed'],
    ['a package the web app does not import', 'packages/c/src/index.ts', 'export const c = 2;'],
  ])('does not build again after a change to %s', (_what, path, content) => {
    build();
    write(path, content);
    expect(needsBuild(root, dist()).needed).toBe(false);
  });

  it('builds again when NODE_ENV differs from the last build', () => {
    build({ NODE_ENV: 'production' });
    expect(needsBuild(root, dist(), { NODE_ENV: 'production' }).needed).toBe(false);
    expect(needsBuild(root, dist(), {}).needed).toBe(true);
  });
});
