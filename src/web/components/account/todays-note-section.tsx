import { useId, useMemo, useState } from 'react';
import { useAppState } from '../../app-context.js';
import {
  type DailyNoteSettings,
  readDailyNoteSettings,
  writeDailyNoteSettings,
} from '../../templates/daily-note-settings.js';
import {
  DAILY_TITLE_FORMATS,
  dailyTitle,
  isDailyTitleFormat,
} from '../../templates/daily-title.js';
import { templateName, templateNotes } from '../../templates/template-notes.js';

/**
 * Today's note: how it is titled and which template it starts from. Kept on this device, so it
 * works offline like the notes themselves.
 */
export function TodaysNoteSection() {
  const email = useAppState((state) => state.email);
  const notes = useAppState((state) => state.notes);
  const sortedNoteIds = useAppState((state) => state.sortedNoteIds);
  const templates = useMemo(() => templateNotes({ notes, sortedNoteIds }), [notes, sortedNoteIds]);
  const [settings, setSettings] = useState(() => readDailyNoteSettings(email));
  const headingId = useId();
  const today = new Date();

  const change = (next: DailyNoteSettings) => {
    writeDailyNoteSettings(email, next);
    setSettings(next);
  };

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Today’s note
      </h2>
      <p className="account-section__hint">
        “Today’s note” (beside New, in the quick switcher, or Alt+Shift+T) opens the note titled
        with today’s date, or makes it.
      </p>
      <label className="field">
        <span className="field__label">Title</span>
        <select
          className="field__input"
          value={settings.format}
          onChange={(event) => {
            const format = event.target.value;
            if (isDailyTitleFormat(format)) change({ ...settings, format });
          }}
        >
          {DAILY_TITLE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {dailyTitle(today, format)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Template</span>
        <select
          className="field__input"
          value={settings.templateId ?? ''}
          onChange={(event) => change({ ...settings, templateId: event.target.value || null })}
        >
          <option value="">None: the title alone</option>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {templateName(template)}
            </option>
          ))}
        </select>
        <span className="field__hint">
          Notes tagged #template (or #template/name) are templates: {'{{date}}'}, {'{{time}}'}
          and {'{{title}}'} in them are filled in.
        </span>
      </label>
    </section>
  );
}
