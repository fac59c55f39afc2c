import { describe, expect, it } from 'vitest';
import { jsonHeapEstimate } from './heap-budget.js';

describe('jsonHeapEstimate', () => {
  it('counts objects, arrays and values outside strings, and every character', () => {
    expect(jsonHeapEstimate('[{},{}]')).toBe(3 * 64 + 1 * 16 + 7 * 2);
    expect(jsonHeapEstimate('{"a":"{[,:\\"]"}')).toBe(64 + 16 + 15 * 2);
  });

  it('grows with the objects a file would become, not only with its length', () => {
    const empties = `[${'{},'.repeat(1_000)}{}]`;
    const text = `["${'x'.repeat(empties.length - 4)}"]`;
    expect(jsonHeapEstimate(empties)).toBeGreaterThan(10 * jsonHeapEstimate(text));
  });
});
