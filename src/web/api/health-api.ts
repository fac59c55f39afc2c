import type { BackupTimes } from '../../shared/backup-times.js';
import { apiRequest } from './http-client.js';

/** The server's backups as `GET /api/health` reports them; none until any are scheduled or made. */
export async function readServerBackups(token: string): Promise<BackupTimes | undefined> {
  const response = await apiRequest('/api/health', { token });
  if (!response.ok) return undefined;
  const health = (await response.json()) as { backup?: BackupTimes };
  return health.backup;
}
