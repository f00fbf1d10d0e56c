// `npm run sample-api`: the language of its reports, from --language or SAMPLE_API_LANGUAGE.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript } from '../helpers/project-copy.ts';

const repo = path.resolve(import.meta.dirname, '../..');

/** Runs the command in the work tree itself: it writes nothing there. */
function sampleApi(env: Record<string, string>, args: readonly string[] = []) {
  return runScript(repo, 'sample-api.ts', { PORT: '0', ...env }, args);
}

/** Starts the command on a free port, reads its first line, then stops it with SIGTERM. */
async function startupLine(env: Record<string, string>, args: readonly string[]): Promise<string> {
  const { child, done } = sampleApi(env, args);
  let stdout = '';
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
      if (stdout.includes('\n')) resolve();
    });
    child.on('close', () => resolve());
  });
  child.kill('SIGTERM');
  await done;
  return stdout;
}

describe('npm run sample-api', () => {
  it('writes its reports in the language of SAMPLE_API_LANGUAGE or --language, which wins', async () => {
    expect(await startupLine({ SAMPLE_API_LANGUAGE: 'es-MX' }, [])).toContain('reports in es');
    expect(await startupLine({ SAMPLE_API_LANGUAGE: 'fr' }, ['--language', 'es'])).toContain('reports in es');
    expect(await startupLine({}, ['--language=fr'])).toContain('reports in fr');
    // A language the sample does not write: English.
    expect(await startupLine({}, ['--language=nl'])).toContain('reports in en');
  });

  it('prints its usage, options and settings for --help, and exits 0 without starting', async () => {
    const run = await sampleApi({}, ['--help']).done;
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Usage: npm run sample-api [-- --port N] [--language TAG]');
    for (const name of [
      '--port',
      '--language',
      '--help',
      'PORT',
      'SAMPLE_API_LANGUAGE',
      'SAMPLE_API_USERNAME',
      'SAMPLE_API_PASSWORD',
      'SAMPLE_API_LATENCY_MS',
      'HOST',
    ]) {
      expect(run.stdout).toContain(name);
    }
    expect(run.stdout).not.toContain('listening');
  });

  it('refuses an unknown argument in one line, pointing to --help', async () => {
    const run = await sampleApi({}, ['--lang', 'es']).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Sample service failed to start: unknown argument "--lang" (usage: npm run sample-api -- [--port N] [--language TAG], or --help)',
    );
  });

  it('refuses a malformed language, naming the setting', async () => {
    const flag = await sampleApi({}, ['--language', 'spanish']).done;
    expect(flag.code).toBe(1);
    expect(flag.stderr.trim()).toBe(
      'Sample service failed to start: --language must be a language tag such as "en" or "es-MX", got "spanish"',
    );
    const variable = await sampleApi({ SAMPLE_API_LANGUAGE: 'es_MX' }).done;
    expect(variable.code).toBe(1);
    expect(variable.stderr.trim()).toBe(
      'Sample service failed to start: SAMPLE_API_LANGUAGE must be a language tag such as "en" or "es-MX", got "es_MX"',
    );
  });
});
