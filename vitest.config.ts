import { defineConfig } from 'vitest/config';

// https://vitest.dev/guide/projects
export default defineConfig({
  test: {
    // Integration tests start real servers and run Eleventy; the shared 2-core machines are slow at times.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/site/**'] } },
      // Tests of the built site share one build from the sample service (test/global-setup.ts).
      { extends: true, test: { name: 'site', include: ['test/site/**/*.test.ts'], globalSetup: ['test/global-setup.ts'] } },
    ],
  },
});
