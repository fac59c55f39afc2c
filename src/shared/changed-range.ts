/** The one region that differs between two texts: `old[start, end)` became `insert`. */
export interface ChangedRange {
  start: number;
  end: number;
  insert: string;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Finds the smallest single replacement turning `before` into `after` (common prefix and
 * suffix kept), never splitting a surrogate pair, so a remote edit can be applied in place and
 * a cursor outside the changed region stays where it was.
 */
export function changedRange(before: string, after: string): ChangedRange {
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shortest && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix += 1;
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix -= 1;
  let suffix = 0;
  const maxSuffix = shortest - prefix;
  while (
    suffix < maxSuffix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix += 1;
  }
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix -= 1;
  return {
    start: prefix,
    end: before.length - suffix,
    insert: after.slice(prefix, after.length - suffix),
  };
}
