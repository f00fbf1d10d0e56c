// The plain site's only data: pre-made pages written by scripts/bench.ts, named by BENCH_PLAIN_DATA.
import { readFileSync } from 'node:fs';

const file = process.env.BENCH_PLAIN_DATA;
if (!file) throw new Error('BENCH_PLAIN_DATA is not set: it names the JSON file of pages that scripts/bench.ts writes');

export default JSON.parse(readFileSync(file, 'utf8'));
