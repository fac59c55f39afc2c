import type { VersionChange } from '../../shared/version-change.js';

function words(count: number): string {
  return count === 1 ? '1 word' : `${count} words`;
}

/** What a version changed, under its time in History: "+12 −3 · the first changed words". */
export function VersionChangeSummary({ change }: { change: VersionChange }) {
  const { wordsAdded, wordsRemoved, firstChanged } = change;
  if (wordsAdded === 0 && wordsRemoved === 0) {
    return <span className="history__change">No words changed</span>;
  }
  const counts = `${words(wordsAdded)} added, ${words(wordsRemoved)} removed`;
  return (
    <span className="history__change">
      <span className="history__counts">
        <span className="history__added" aria-hidden="true">
          +{wordsAdded}
        </span>{' '}
        <span className="history__removed" aria-hidden="true">
          −{wordsRemoved}
        </span>
        <span className="visually-hidden">{counts}</span>
      </span>
      {firstChanged && (
        <span className={`history__words${firstChanged.removed ? ' history__words--removed' : ''}`}>
          {firstChanged.text}
        </span>
      )}
    </span>
  );
}
