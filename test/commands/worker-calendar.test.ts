// The Worker serves the sky's calendar from its assets as calendar apps expect it, `text/calendar; charset=utf-8`,
// in the real runtime: Cloudflare's static assets type .ics so by themselves (checked with the rule left out), and
// the build's `_headers` rule, which they also read, says the same. So the Worker needs no mapping of its own.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type LocalWorker } from '../../src/cli/chart-form-worker.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { renderHeadersFile } from '../../src/eleventy/security-headers.ts';

let dist: string;
let worker: LocalWorker;
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'astro-worker-calendar-'));
  for (const folder of ['', 'es/']) {
    mkdirSync(path.join(dist, folder, 'calendar'), { recursive: true });
    writeFileSync(path.join(dist, folder, 'calendar/sky.ics'), ICS);
    writeFileSync(path.join(dist, folder, 'index.html'), '<!doctype html><title>x</title>');
  }
  writeFileSync(
    path.join(dist, '_headers'),
    renderHeadersFile({ languageFolders: ['/', '/es/'], calendarPaths: ['/calendar/sky.ics', '/es/calendar/sky.ics'] }),
  );
  worker = await startWorker({ dist, secrets: {} });
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await removeDir(dist);
});

describe("the Worker's assets", () => {
  it("send each language's sky.ics as text/calendar; charset=utf-8, byte for byte", async () => {
    for (const file of ['calendar/sky.ics', 'es/calendar/sky.ics']) {
      const response = await fetch(new URL(file, worker.url));
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe('text/calendar; charset=utf-8');
      expect(await response.text()).toBe(ICS);
    }
  });
});
