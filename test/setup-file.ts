// Runs before every test file, in every project (https://vitest.dev/config/#setupfiles): its hooks are the file's,
// also where files share their modules (the quick project runs without isolation).
import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/temp-dir.ts';

afterAll(removeTempDirs);
