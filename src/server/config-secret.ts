import fs from 'node:fs';
import { ConfigError } from './config-error.js';

type Env = Record<string, string | undefined>;

/**
 * A secret given as NAME, or as NAME_FILE naming a file that holds it (Docker and systemd
 * credentials), never both. A file's trailing newline is not part of the secret.
 */
export function secretSetting(env: Env, name: string): string | undefined {
  const direct = env[name]?.trim() || undefined;
  const file = env[`${name}_FILE`]?.trim() || undefined;
  if (direct !== undefined && file !== undefined) {
    throw new ConfigError(`Set ${name} or ${name}_FILE, not both`);
  }
  if (file === undefined) return direct;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`${name}_FILE cannot be read (${reason}): ${file}`);
  }
  const secret = text.replace(/\r?\n$/, '');
  if (secret === '') throw new ConfigError(`${name}_FILE names an empty file: ${file}`);
  return secret;
}
