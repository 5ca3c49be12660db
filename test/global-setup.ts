// Builds the `ias` command once before the tests that run it as a real process.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}
