// Every Eleventy this project runs, given its folders relative to the working directory. Eleventy cuts its
// working directory off absolute paths as a string prefix, so `/x/site-tmp/…` run from `/x/site` became `tmp/…`
// (https://github.com/11ty/eleventy-utils/issues/9); a relative path is never cut.
import path from 'node:path';
import Eleventy from '@11ty/eleventy';

const fromWorkingDir = (file: string) => path.relative(process.cwd(), path.resolve(file)) || '.';

export function newEleventy(
  input: string,
  output: string,
  options: { configPath?: string } & Record<string, unknown>,
): Eleventy {
  const configPath = options.configPath === undefined ? {} : { configPath: fromWorkingDir(options.configPath) };
  return new Eleventy(fromWorkingDir(input), fromWorkingDir(output), { ...options, ...configPath });
}
