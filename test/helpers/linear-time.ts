/** The least of a few timings of `work`: the one the machine's other load slowed least. */
function fastest(work: (run: number) => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    work(run);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * How many times longer `read` takes on an input `factor` times as large: about `factor` when
 * it is linear, `factor` squared when quadratic. Relative, so a busy machine slows both sides.
 */
export function growthOf(
  read: (input: string) => unknown,
  inputOf: (size: number) => string,
  size: number,
  factor = 4,
): number {
  const small = inputOf(size);
  const large = inputOf(size * factor);
  read(small); // warm up the code paths first
  // Each run reads a text of its own (a space longer), so no answer kept from before is given.
  const timed = (input: string) => fastest((run) => read(`${input}${' '.repeat(run + 1)}`));
  // A pause of the whole process (other work on the machine) can land on either side: the
  // least of a few tries is taken. A quadratic reader fails every one.
  let growth = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && growth >= factor * 2; attempt += 1) {
    growth = Math.min(growth, timed(large) / Math.max(timed(small), 0.5));
  }
  return growth;
}
