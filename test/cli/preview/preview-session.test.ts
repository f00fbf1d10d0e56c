// The live preview's state between renders: one round per render whoever asks, a new one after an edit, and a
// failure kept as one line until a render succeeds.
import { describe, expect, it } from 'vitest';
import type { PreviewSite } from '../../../src/cli/preview/preview-session.ts';
import { PreviewSession, type ServedRound } from '../../../src/cli/preview/preview-session.ts';

/** A session over sites that are only their number; `prepare` hands out 2, 3… or throws what `broken` holds. */
function session() {
  const state = { prepared: 0, reloads: 0, broken: undefined as Error | undefined };
  const site = (n: number) => ({ n }) as unknown as PreviewSite;
  const preview = new PreviewSession({
    first: site(1),
    prepare: async () => {
      if (state.broken) throw state.broken;
      return site(++state.prepared + 1);
    },
    plan: (prepared) => ({ site: prepared }) as ServedRound,
    onFailure: () => void state.reloads++,
  });
  const number = async () => ((await preview.current()).site as unknown as { n: number }).n;
  return { preview, state, number };
}

describe('PreviewSession', () => {
  it("gives every reader of a render the same round, the start's site first, and a new round after an edit", async () => {
    const { preview, state, number } = session();
    expect(preview.current()).toBe(preview.current());
    expect(await number()).toBe(1);
    expect(state.prepared).toBe(0);
    preview.changed();
    expect([await number(), await number()]).toEqual([2, 2]);
    expect(state.prepared).toBe(1);
  });

  it('keeps a failure as one line, thrown without its stack, until a render succeeds', async () => {
    const { preview, state, number } = session();
    expect(await number()).toBe(1);
    preview.changed();
    state.broken = new Error('content/site.json: title:\n  must not be empty');
    await expect(preview.current()).rejects.toMatchObject({
      message: 'content/site.json: title: must not be empty',
      skipOriginalStack: true,
    });
    expect(preview.failure).toBe('content/site.json: title: must not be empty');
    expect(state.reloads).toBe(1);
    state.broken = undefined;
    preview.changed();
    expect(await number()).toBe(2);
    expect(preview.failure).toBe('content/site.json: title: must not be empty');
    expect(preview.succeeded()).toBeGreaterThanOrEqual(0);
    expect(preview.failure).toBeUndefined();
  });
});
