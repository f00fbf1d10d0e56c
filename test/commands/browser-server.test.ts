// The run's one Chromium (test/browser-server.ts): every file's `launchChromium` connects to it, and a file closing
// its browser only disconnects, the server and the other files' browsers going on.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ENDPOINT, launchChromium } from '../../scripts/lib/chromium.ts';

describe('the shared browser server', () => {
  it('is what launchChromium connects to, and a browser closed in a file leaves it running for the others', async () => {
    expect(process.env[CHROMIUM_ENDPOINT]).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\//);
    const first = await launchChromium();
    const second = await launchChromium();
    // No Chromium of this file's own: a launched one would be this process's child.
    expect(children()).not.toMatch(/chrom/i);
    await first.close();
    const context = await second.newContext();
    const page = await context.newPage();
    await page.setContent('<p>still here</p>');
    expect(await page.textContent('p')).toBe('still here');
    await second.close();
    const third = await launchChromium();
    expect(third.isConnected()).toBe(true);
    await third.close();
  });
});

/** The commands of this process's children (procps `ps`). */
function children(): string {
  return execFileSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
}
