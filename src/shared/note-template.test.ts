import { describe, expect, it } from 'vitest';
import { fillTemplate } from './note-template.js';

const values = { date: '2026-12-01', time: '09:30', title: 'Standup' };

describe('fillTemplate', () => {
  it('fills the date, the time and the title in, as often as they are written', () => {
    expect(fillTemplate('# {{title}}\nOn {{date}} at {{ time }}, {{Title}}.', values)).toEqual({
      text: '# Standup\nOn 2026-12-01 at 09:30, Standup.',
      cursor: 42,
    });
  });

  it('leaves the #template tag out, with a line that held only it', () => {
    expect(
      fillTemplate('# {{title}}\n#template\n- [ ] agenda #template/meeting', values).text,
    ).toBe('# Standup\n- [ ] agenda');
  });

  it('puts the cursor where the title goes when there is none yet', () => {
    expect(fillTemplate('# {{title}}\n\nNotes of {{date}}', { ...values, title: '' })).toEqual({
      text: '# \n\nNotes of 2026-12-01',
      cursor: 2,
    });
  });

  it('keeps other tags and braces as they are', () => {
    expect(fillTemplate('{{unknown}} #templates #work', values).text).toBe(
      '{{unknown}} #templates #work',
    );
  });
});
