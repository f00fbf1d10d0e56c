// src/build/exit-after-output.ts: a finished build ends at once, with all of its output delivered.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

function run(code: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/build/run-typescript.js', 'test/fixtures/exit-after-output-script.ts', code], { cwd: repo });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ code: exitCode, stdout, stderr }));
  });
}

describe('exitAfterOutput', () => {
  it('exits with the code given, without waiting for pending timers, after all output reached the pipes', async () => {
    const result = await run('0');
    expect(result.code).toBe(0);
    // 1 MB through a pipe, every byte of it, and the last line on stderr.
    expect(result.stdout.length).toBe(1024 * 1024);
    expect(result.stderr).toBe('finished\n');
    expect((await run('3')).code).toBe(3);
  }, 30_000);
});
