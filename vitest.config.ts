import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A poll waits for something that will happen: under a loaded CI machine that can take more than
    // the default 1 s (a connection test's answer, say). A failing poll only fails later for it.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
  },
});
