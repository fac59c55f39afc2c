import { useImportState } from './import-store.js';

const notes = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'note' : 'notes'}`;

/** After an import: how many notes came in, how many were there already, what failed and why. */
export function ImportSummaryView() {
  const phase = useImportState((state) => state.phase);
  const summary = useImportState((state) => state.summary);
  if (phase !== 'done') return null;
  const { imported, skipped, failed } = summary;
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
    </section>
  );
}
