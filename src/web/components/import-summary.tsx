import { useImportState } from './import-store.js';

const notes = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'note' : 'notes'}`;

/**
 * After an import: how many notes came in, how many were there already, what failed and why,
 * and what came in otherwise than the file held it.
 */
export function ImportSummaryView() {
  const phase = useImportState((state) => state.phase);
  const summary = useImportState((state) => state.summary);
  if (phase !== 'done') return null;
  const { imported, skipped, failed } = summary;
  const changed = summary.changed ?? [];
  return (
    <section className="import-summary" aria-labelledby="import-summary-title">
      <h3 id="import-summary-title" className="import-summary__title">
        Import finished
      </h3>
      <ul className="import-summary__counts" role="status">
        <li>Imported {notes(imported)}</li>
        <li>Skipped {notes(skipped)} already here</li>
        <li className={failed.length > 0 ? 'import-summary__failed' : undefined}>
          Failed: {failed.length}
        </li>
        {changed.length > 0 && (
          <li className="import-summary__changed">
            Changed on the way in: {notes(changed.length)}
          </li>
        )}
      </ul>
      {failed.length > 0 && (
        <ul className="import-summary__failures" aria-label="What could not be imported">
          {failed.map((failure, index) => (
            // Names may repeat (two files of one name); their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
            <li key={index}>
              <span className="import-summary__name">{failure.name}</span>: {failure.error}
            </li>
          ))}
        </ul>
      )}
      {changed.length > 0 && (
        <ul className="import-summary__changes" aria-label="What came in changed">
          {changed.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
            <li key={index}>
              <span className="import-summary__name">{change.name}</span>:{' '}
              {change.changes.join('; ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
