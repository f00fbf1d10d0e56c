// src/cli/render-site.ts: the model is frozen before Eleventy reads it (Eleventy wraps every object it finds
// unfrozen in a Proxy, on each access of each page).
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/cli/render-site.ts';

describe('deepFreeze', () => {
  it('freezes every object and array reachable from the model, dates included', () => {
    const shared = { name: 'Leo', facts: ['Fire', 'Fixed'] };
    const model = {
      pages: [{ sign: shared, otherSigns: [{ sign: shared, url: '/a/' }], published: new Date(0) }],
      meta: { '/a/': { breadcrumbs: [{ url: '/', label: 'Home' }] } },
      count: 1,
      label: 'x',
      missing: null,
    };
    expect(deepFreeze(model)).toBe(model);
    const objects = [model, model.pages, model.pages[0], shared, shared.facts, model.pages[0]!.otherSigns, model.pages[0]!.otherSigns[0],
      model.pages[0]!.published, model.meta, model.meta['/a/'], model.meta['/a/']!.breadcrumbs, model.meta['/a/']!.breadcrumbs[0]];
    for (const object of objects) expect(Object.isFrozen(object)).toBe(true);
    expect(() => {
      'use strict';
      (shared.facts as string[]).push('Sun');
    }).toThrow(TypeError);
  });

  it('walks shared objects and cycles once, and leaves primitives as they are', () => {
    const node: { self?: unknown; list: unknown[] } = { list: [] };
    node.self = node;
    node.list.push(node, node);
    expect(deepFreeze(node)).toBe(node);
    expect(Object.isFrozen(node.list)).toBe(true);
    for (const value of [1, 'text', null, undefined, true]) expect(deepFreeze(value)).toBe(value);
  });

  it('leaves an object frozen beforehand, and what it holds, as it was', () => {
    const inner = { a: 1 };
    const outer = Object.freeze({ inner });
    deepFreeze({ outer });
    // A frozen object counts as visited: its members are not walked (Eleventy's own frozen data stays untouched).
    expect(Object.isFrozen(inner)).toBe(false);
  });
});
