/**
 * File names unique within one folder of an export, compared case-insensitively as macOS and
 * Windows do; a repeat gets " (2)", " (3)"… Each name remembers the number its next repeat
 * tries first, so many repeats of one name stay linear.
 */
export class UniqueFileNames {
  private readonly taken = new Set<string>();
  private readonly nextNumber = new Map<string, number>();

  /** A name made of `stem` and `suffix` (its extension with the dot, or ''), not given before. */
  next(stem: string, suffix: string): string {
    const key = `${stem}${suffix}`.toLowerCase();
    let name = `${stem}${suffix}`;
    if (this.taken.has(key)) {
      let n = this.nextNumber.get(key) ?? 2;
      while (this.taken.has(`${stem} (${n})${suffix}`.toLowerCase())) n += 1;
      name = `${stem} (${n})${suffix}`;
      this.nextNumber.set(key, n + 1);
    }
    this.taken.add(name.toLowerCase());
    return name;
  }
}
