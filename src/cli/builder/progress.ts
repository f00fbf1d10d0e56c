// Progress while fetching. On a terminal: one live line, rewritten in place (carriage return + erase line).
// Elsewhere (CI logs, pipes): a plain line at every tenth of the work, so a log of a 10,000-page build stays a
// dozen lines long and holds no control characters or spinner frames.
export interface ProgressState {
  /** Periods whose reports the build has (fetched, or read from the cache). */
  done: number;
  /** Periods that failed: never counted as done. */
  failed?: number;
  total: number;
  /** Requests of the client in progress (its `inFlight` count: backoff waits included). */
  inFlight: number;
  /** Sends that repeated a failed one, so far. */
  retries: number;
}

interface ProgressReporter {
  update(state: ProgressState): void;
  /** Ends the live line (terminal) and writes nothing else. */
  finish(): void;
}

interface ProgressOptions {
  label?: string;
  /** Milliseconds between two live-line rewrites; every state change in between is shown by the next one. */
  intervalMs?: number;
  /** For tests: the clock, in milliseconds. */
  now?: () => number;
}

const PROGRESS_DEFAULTS = {
  label: 'Fetching reports',
  intervalMs: 100, // ms between live-line rewrites on a terminal: fast enough to look live, few enough writes
  steps: 10, // plain lines per build without a terminal: one at every tenth of the work
} as const;

/** The stream's `isTTY` decides the form; anything with `write` works (tests pass fake streams). */
type ProgressStream = Pick<NodeJS.WritableStream, 'write'> & { isTTY?: boolean };

export function formatProgress(s: ProgressState, label: string = PROGRESS_DEFAULTS.label): string {
  const failed = s.failed ? `, ${s.failed} failed` : '';
  return `${label}: ${s.done}/${s.total} periods${failed}, ${s.inFlight} request${s.inFlight === 1 ? '' : 's'} in flight, ${s.retries} retried`;
}

/** Periods settled either way. */
const settled = (s: ProgressState) => s.done + (s.failed ?? 0);

export function createProgress(
  stream: ProgressStream = process.stderr,
  options: ProgressOptions = {},
): ProgressReporter {
  const label = options.label ?? PROGRESS_DEFAULTS.label;
  if (stream.isTTY)
    return liveLine(
      stream,
      label,
      options.intervalMs ?? PROGRESS_DEFAULTS.intervalMs,
      options.now ?? (() => performance.now()),
    );
  return plainLines(stream, label);
}

function liveLine(stream: ProgressStream, label: string, intervalMs: number, now: () => number): ProgressReporter {
  let shown = ''; // the text on the terminal
  let latest = ''; // the newest state, maybe not shown yet (throttled)
  let shownAt = Number.NEGATIVE_INFINITY;
  const show = (text: string) => {
    // \r to the line's start, ESC[2K erases it: the new text never leaves a longer old one's tail behind.
    stream.write(`\r\x1b[2K${text}`);
    shown = text;
    shownAt = now();
  };
  return {
    update(state) {
      latest = formatProgress(state, label);
      if (latest === shown) return;
      // The last period always shows at once: the line must not end on a stale count.
      if (now() - shownAt >= intervalMs || (state.total > 0 && settled(state) === state.total)) show(latest);
    },
    finish() {
      if (latest && latest !== shown) show(latest);
      if (shown) stream.write('\n');
    },
  };
}

function plainLines(stream: ProgressStream, label: string): ProgressReporter {
  let lastStep = 0;
  return {
    update(state) {
      if (state.total <= 0) return;
      const step = Math.floor((Math.min(settled(state), state.total) / state.total) * PROGRESS_DEFAULTS.steps);
      if (step <= lastStep) return;
      lastStep = step;
      stream.write(`${formatProgress(state, label)}\n`);
    },
    finish() {},
  };
}
