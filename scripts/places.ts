// `npm run places -- NAME`: the places matching NAME with their place_id, for a natal chart (src/cli/places.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPlaces } from '../src/cli/places.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.exitCode = await runPlaces(process.argv.slice(2), { rootDir });
