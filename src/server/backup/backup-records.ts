import type { BackupTimes } from '../../shared/backup-times.js';
import type { Db } from '../db/schema.js';

/** Records a backup just made. */
export async function recordBackupMade(db: Db, name: string, timeMade: number): Promise<void> {
  await db
    .insertInto('backup_runs')
    .values({ name, time_made: timeMade, time_verified: null })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** Records that a backup's restore matched its manifest (a backup made elsewhere too). */
export async function recordBackupVerified(
  db: Db,
  name: string,
  timeMade: number,
  timeVerified: number,
): Promise<void> {
  await db
    .insertInto('backup_runs')
    .values({ name, time_made: timeMade, time_verified: timeVerified })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ time_verified: timeVerified }))
    .execute();
}

/** When the newest backup was made, and when a backup last proved it restores. */
export async function readBackupTimes(db: Db): Promise<BackupTimes> {
  const row = await db
    .selectFrom('backup_runs')
    .select((eb) => [eb.fn.max('time_made').as('made'), eb.fn.max('time_verified').as('verified')])
    .executeTakeFirst();
  const seconds = (value: unknown) =>
    value === null || value === undefined ? null : Number(value);
  return { timeLastGood: seconds(row?.made), timeLastVerified: seconds(row?.verified) };
}
