import { defineConfig } from 'vitest/config';

// https://vitest.dev/config/
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Integration tests start real servers and run Eleventy; the shared 2-core machines are slow at times.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
