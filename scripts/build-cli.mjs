// Bundles the `ias` command (src/cli) into out/cli: ias.mjs is the entry, and each command's code is a
// chunk beside it, imported when that command runs (see src/cli/lazy-action.ts), so `ias --version`
// loads no more than the program's definition. Dependencies stay in node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const { metafile } = await build({
  entryPoints: [{ in: 'src/cli/index.ts', out: 'ias' }],
  outdir: 'out/cli',
  outExtension: { '.js': '.mjs' },
  // In out/cli itself, as the entry is: the CLI finds package.json and resources from its own folder.
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});

// Chunks are named by their content: those of earlier builds would pile up (and be packaged). They
// are removed once the new ones are written, so an `ias` started meanwhile finds its files.
const written = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(file)));
for (const file of fs.readdirSync('out/cli')) {
  if (!written.has(path.resolve('out/cli', file))) fs.rmSync(path.join('out/cli', file), { force: true });
}
