// The preview's plan of a render (src/cli/preview/preview-rounds.ts) when a round hands it the model it had: the same
// fingerprints without computing them, and nothing to write for a language whose folder already shows that model.
import { describe, expect, it } from 'vitest';
import { weekPeriod } from '../../../src/data/periods.ts';
import { PreviewRounds } from '../../../src/cli/preview/preview-rounds.ts';
import { tempDir } from '../../helpers/temp-dir.ts';
import { modelOf } from '../../model/fixture.ts';

const week = weekPeriod(2026, 47);

describe('PreviewRounds', () => {
  it('holds a model once its render is done, for that model object and renderer only', async () => {
    const rounds = new PreviewRounds(tempDir('preview-rounds-'));
    const model = modelOf([week]);
    expect(rounds.holds(model, 'renderer')).toBe(false);
    const round = rounds.plan(model, 'renderer');
    // Planned, not yet written (or its render failed): the output is not that model's yet.
    expect(rounds.holds(model, 'renderer')).toBe(false);
    await rounds.done(round);
    expect(rounds.holds(model, 'renderer')).toBe(true);
    expect(rounds.pages).toBe(round.prints.size);
    expect(rounds.holds(model, 'another renderer')).toBe(false);
    // An equal model built afresh is not taken on trust: only the object the output was rendered from.
    expect(rounds.holds(modelOf([week]), 'renderer')).toBe(false);
  });

  it("reuses the last model's fingerprints for the same renderer, and renders nothing of it again", async () => {
    const rounds = new PreviewRounds(tempDir('preview-rounds-'));
    const model = modelOf([week]);
    const first = rounds.plan(model, 'renderer');
    await rounds.done(first);
    const again = rounds.plan(model, 'renderer');
    expect(again.prints).toBe(first.prints);
    expect(again.rendering).toBe(0);
    const other = rounds.plan(model, 'another renderer');
    expect(other.prints).not.toEqual(first.prints);
    expect(other.rendering).toBe(first.prints.size);
  });
});
