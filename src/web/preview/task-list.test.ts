import { describe, expect, it } from 'vitest';
import { toggleTask, writtenTasks } from './task-list.js';

const NOTE =
  '# Plan\n- [ ] one\n- [x] two\n  - [X] nested\n\n```\n- [ ] in code\n```\n> - [ ] quoted';

describe('task list', () => {
  it('finds the task boxes the preview shows, in order, not those in code', () => {
    expect(writtenTasks(NOTE).map((task) => task.checked)).toEqual([false, true, true, false]);
  });

  it('ticks and unticks one box, leaving every other character', () => {
    const shown = [false, true, true, false];
    expect(toggleTask(NOTE, 0, shown)).toBe(NOTE.replace('- [ ] one', '- [x] one'));
    expect(toggleTask(NOTE, 2, shown)).toBe(NOTE.replace('[X] nested', '[ ] nested'));
    expect(toggleTask(NOTE, 3, shown)).toBe(NOTE.replace('> - [ ] quoted', '> - [x] quoted'));
  });

  it('changes nothing when the text no longer holds the boxes that were shown', () => {
    expect(toggleTask(NOTE, 0, [false, true, true])).toBeNull();
    expect(toggleTask(NOTE, 0, [true, true, true, false])).toBeNull();
    expect(toggleTask(NOTE, 7, [false, true, true, false])).toBeNull();
  });
});
