// `npm test`: the type check and the linter beside the whole Vitest suite, whose arguments these are; fails when any
// of the three fails. Side by side, the two finish within the suite's time instead of before it starts.
import { spawn } from 'node:child_process';

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    spawn(command, args, { stdio: 'inherit' })
      .on('error', () => resolve(1))
      .on('close', (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all([
  run('npm', ['run', '--silent', 'typecheck']),
  run('npm', ['run', '--silent', 'lint']),
  run('vitest', ['run', ...process.argv.slice(2)]),
]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
