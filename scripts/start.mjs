// Opens the desktop app after `npm run build`. When Electron's binary is not installed (installs
// on machines without internet skip its download), explains how to get it and how to use iAs
// headless meanwhile, and exits 0.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The Electron executable, or undefined when it is not installed. */
function electronBinary() {
  let packageDir;
  try {
    packageDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  // Check before require('electron'): when the binary is missing, requiring it starts a download.
  let relative;
  try {
    relative = fs.readFileSync(path.join(packageDir, 'path.txt'), 'utf8');
  } catch {
    relative = undefined;
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const expected = override
    ? path.join(override, relative || 'electron')
    : relative && path.join(packageDir, 'dist', relative);
  if (!expected || !fs.existsSync(expected)) return undefined;
  try {
    const binary = require('electron');
    return typeof binary === 'string' && fs.existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

function explainMissingElectron() {
  console.log(`iAs: Electron's binary is not installed on this machine, so the desktop window cannot open here.
(Installs on this machine skip Electron's download: ELECTRON_SKIP_BINARY_DOWNLOAD=1.)
To get it, on a machine with internet access: node node_modules/electron/install.js, then \`npm start\` again.

Starting the same app headless instead (\`ias serve\`): open the URL below in your browser.
Its options go after \`--\`, e.g. \`npm start -- --port 0\` to take any free port when 3717 is in use.
`);
}

/** Runs a program in the foreground, passing signals on, and exits with its code. */
function runForeground(command, args, env = process.env) {
  const child = spawn(command, args, { stdio: 'inherit', env, windowsHide: false });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', (err) => {
    console.error(`iAs: could not start ${command}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (!fs.existsSync(path.join(root, 'out', 'main', 'index.js'))) {
  console.error('iAs: the app is not built yet. Run `npm start` (it builds first) or `npm run build`.');
  process.exit(1);
}

const binary = electronBinary();
if (!binary) {
  explainMissingElectron();
  runForeground(process.execPath, [path.join(root, 'bin', 'ias.mjs'), 'serve', ...process.argv.slice(2)]);
} else {
  const env = { ...process.env };
  // Set by some tools; it would make Electron behave as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  runForeground(binary, [root], env);
}
