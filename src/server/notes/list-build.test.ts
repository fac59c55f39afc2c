import { describe, expect, it } from 'vitest';
import { ListBuild } from './list-build.js';

/** Chunks handed over one at a time, when the test says so. */
function gate() {
  const queue: ((chunk: Buffer | Error | null) => void)[] = [];
  const next = () => new Promise<Buffer | Error | null>((resolve) => queue.push(resolve));
  let pending = next();
  async function* chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      const chunk = await pending;
      pending = next();
      if (chunk === null) return;
      if (chunk instanceof Error) throw chunk;
      yield chunk;
    }
  }
  const give = async (chunk: Buffer | Error | null) => {
    while (queue.length === 0) await Promise.resolve();
    queue.shift()?.(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { chunks: chunks(), give };
}

async function all(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString();
}

describe('a list build shared by its readers', () => {
  it('gives every reader the whole list from the first byte, however late it came', async () => {
    const source = gate();
    const build = new ListBuild({ cursor: '7', chunks: source.chunks }, 1024);
    const early = all(build.chunks());
    await source.give(Buffer.from('{"results":['));
    await source.give(Buffer.from('1,'));
    const late = all(build.chunks());
    await source.give(Buffer.from('2]}'));
    await source.give(null);
    expect(await early).toBe('{"results":[1,2]}');
    expect(await late).toBe('{"results":[1,2]}');
    expect((await build.finished)?.toString()).toBe('{"results":[1,2]}');
    expect(build.whole?.toString()).toBe('{"results":[1,2]}');
    expect(await all(build.chunks())).toBe('{"results":[1,2]}');
  });

  it('keeps no copy of a list longer than it may keep', async () => {
    const source = gate();
    const build = new ListBuild({ cursor: '7', chunks: source.chunks }, 4);
    const reader = all(build.chunks());
    await source.give(Buffer.from('{"results":[]}'));
    await source.give(null);
    expect(await reader).toBe('{"results":[]}');
    expect(await build.finished).toBeUndefined();
    expect(build.whole).toBeUndefined();
  });

  it('fails its readers when the read fails', async () => {
    const source = gate();
    const build = new ListBuild({ cursor: '7', chunks: source.chunks }, 1024);
    const reader = all(build.chunks()).catch((error: Error) => error);
    await source.give(Buffer.from('{"results":['));
    await source.give(new Error('disk'));
    expect(await reader).toEqual(new Error('disk'));
    expect(await build.finished).toBeUndefined();
    expect(build.whole).toBeUndefined();
  });
});
