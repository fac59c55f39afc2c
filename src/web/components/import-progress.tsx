import { useImportState } from './import-store.js';

/** The file being sent and how far it has got; then an indeterminate bar while it is read. */
export function ImportProgress() {
  const { phase, fileName, fileNumber, fileCount, progress } = useImportState((state) => state);
  if (phase !== 'uploading' && phase !== 'importing') return null;
  const of = fileCount > 1 ? ` (${fileNumber} of ${fileCount})` : '';
  const percent = progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  const label =
    phase === 'uploading' ? `Sending ${fileName}${of}… ${percent}%` : `Importing ${fileName}${of}…`;
  return (
    <div className="import-progress">
      <p id="import-progress-label" role="status" className="import-progress__label">
        {label}
      </p>
      <progress
        className="import-progress__bar"
        aria-labelledby="import-progress-label"
        max={phase === 'uploading' ? 100 : undefined}
        value={phase === 'uploading' ? percent : undefined}
      />
    </div>
  );
}
