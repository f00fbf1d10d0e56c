// Progress while fetching. On a terminal: one live line, rewritten in place. Elsewhere (CI logs): a plain
// line at every tenth of the work, so logs stay short and free of control characters.
export interface ProgressState {
  done: number;
  total: number;
  inFlight: number;
  retries: number;
}

export interface ProgressReporter {
  update(state: ProgressState): void;
  finish(): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr, label = 'Fetching reports'): ProgressReporter {
  const line = (s: ProgressState) =>
    `${label}: ${s.done}/${s.total} periods, ${s.inFlight} request${s.inFlight === 1 ? '' : 's'} in flight, ${s.retries} retried`;
  if (stream.isTTY) {
    let last = '';
    return {
      update(state) {
        const text = line(state);
        if (text === last) return;
        last = text;
        stream.write(`\r\x1b[2K${text}`);
      },
      finish() {
        if (last) stream.write('\n');
      },
    };
  }
  let lastTenth = -1;
  return {
    update(state) {
      if (state.total === 0) return;
      const tenth = Math.floor((state.done / state.total) * 10);
      if (tenth > lastTenth && (state.done > 0 || lastTenth < 0)) {
        lastTenth = tenth;
        stream.write(`${line(state)}\n`);
      }
    },
    finish() {},
  };
}
