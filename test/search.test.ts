import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '../src/shared/note.js';
import type { SearchResult } from '../src/shared/search.js';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let token: string;
let otherToken: string;
const notes: Record<string, Note> = {};

async function search(q: string, extra = '', as = token) {
  const response = await call(server.url, 'GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, {
    token: as,
  });
  return response;
}

async function found(q: string, extra = ''): Promise<string[]> {
  const response = await search(q, extra);
  expect(response.status, response.text).toBe(200);
  return (response.json.results as SearchResult[]).map(
    (result) => result.note.body.split('\n')[0] ?? '',
  );
}

const BODIES = {
  cafe: 'Café visit\nThe espresso was strong.',
  groceries: 'Shopping list\nbuy groceries: milk, eggs #errands',
  phrase: 'Meeting notes\nthe quick brown fox jumps over the lazy dog',
  scrambled: 'Scrambled\nthe brown quick fox',
  cjk: '旅行の計画\n東京タワーに行く。北京大学も見学する。',
  bodyOnly: 'Weekly plan\nremember the garden and the garden hose',
  titleHit: 'Garden ideas\ntomatoes',
  html: 'Escaping\n<b>bold</b> & "quotes" with quince',
  cjkTags: 'Trip memo\n来週の予定 #大阪 #食べ歩き',
};

beforeAll(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
  otherToken = await signUp(server.url);
  for (const [key, body] of Object.entries(BODIES))
    notes[key] = await createNote(server.url, token, body);
  await createNote(server.url, otherToken, 'Secret of another user\nthe quick brown fox jumps');
});
afterAll(async () => server.close());

describe('GET /api/search matching', () => {
  it('folds case and diacritics both ways', async () => {
    expect(await found('cafe')).toEqual(['Café visit']);
    expect(await found('CAFÉ')).toEqual(['Café visit']);
    expect(await found('espresso')).toEqual(['Café visit']);
  });

  it('finds words by their prefix', async () => {
    expect(await found('gro')).toEqual(['Shopping list']);
    expect(await found('groceries milk')).toEqual(['Shopping list']);
    expect(await found('groceries nothinglikethis')).toEqual([]);
  });

  it('matches quoted phrases in order, and excludes -words', async () => {
    expect(await found('"quick brown fox"')).toEqual(['Meeting notes']);
    expect((await found('quick brown fox')).sort()).toEqual(['Meeting notes', 'Scrambled']);
    expect(await found('brown -lazy')).toEqual(['Scrambled']);
    expect(await found('fox -"lazy dog"')).toEqual(['Scrambled']);
  });

  it('finds text written without spaces by substring', async () => {
    expect(await found('北京')).toEqual(['旅行の計画']);
    expect(await found('タワー')).toEqual(['旅行の計画']);
    expect(await found('京大')).toEqual(['旅行の計画']);
    expect(await found('上海')).toEqual([]);
  });

  it('finds tags with tag:word, and the tagged word by itself', async () => {
    expect(await found('tag:errands')).toEqual(['Shopping list']);
    expect(await found('tag:err')).toEqual(['Shopping list']);
    expect(await found('tag:milk')).toEqual([]);
    expect(await found('errands')).toEqual(['Shopping list']);
  });

  it('finds tags written without spaces with tag:, whole or by their start', async () => {
    expect(await found('tag:大阪')).toEqual(['Trip memo']);
    expect(await found('tag:#食べ')).toEqual(['Trip memo']);
    expect(await found('tag:京都')).toEqual([]);
    expect(await found('予定')).toEqual(['Trip memo']);
    expect(await found('予定 -tag:大阪')).toEqual([]);
    expect(await found('大阪')).toEqual(['Trip memo']);
  });

  it('takes one letter as a word, and two as the start of words', async () => {
    expect(await found('g')).toEqual([]);
    expect(await found('ga')).toEqual(['Garden ideas', 'Weekly plan']);
  });

  it('ranks a match in the title above matches in the body', async () => {
    expect(await found('garden')).toEqual(['Garden ideas', 'Weekly plan']);
  });

  it('finds every one of many notes saved at the same moment', async () => {
    const words = Array.from({ length: 24 }, (_, i) => `batchword${String.fromCharCode(97 + i)}`);
    const saved = await Promise.all(
      words.map((word) => createNote(server.url, token, `Batch ${word}\nsaved together`)),
    );
    await Promise.all(
      saved.map((note, i) =>
        updateNote(server.url, token, { ...note, body: `Batch ${i}\n${words[i]}x` }),
      ),
    );
    for (const [i, word] of words.entries()) {
      expect(await found(`"${word}"`)).toEqual([]);
      expect(await found(`${word}x`)).toEqual([`Batch ${i}`]);
    }
    await Promise.all(
      saved.map((note) => call(server.url, 'DELETE', `/api/notes/${note.id}`, { token })),
    );
    expect(await found('together')).toEqual([]);
  });

  it('finds a note as soon as its save is answered, by its new text only', async () => {
    const note = await createNote(server.url, token, 'Fresh\nzeppelin');
    expect(await found('zeppelin')).toEqual(['Fresh']);
    await updateNote(server.url, token, { ...note, body: 'Fresh\nairship' });
    expect(await found('zeppelin')).toEqual([]);
    expect(await found('airship')).toEqual(['Fresh']);
    await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token });
    expect(await found('airship')).toEqual([]);
  });
});

describe('GET /api/search by English stems', () => {
  let cook: string;
  let stranger: string;
  beforeAll(async () => {
    cook = await signUp(server.url);
    stranger = await signUp(server.url);
    for (const body of [
      'Soup recipe\nwarm and easy',
      'Baking\nrecipes for bread',
      'Tomato soup\nno instructions',
      'Morning\nI run every day',
      'Race day\nrunning shoes',
      'Christmas cards\nrecipients and addresses',
      'Bread\nsourdough #recipe',
    ]) {
      await createNote(server.url, cook, body);
    }
    await createNote(server.url, stranger, 'Secret recipe\ngrandmother only');
  });
  const titles = async (q: string, as = cook) => {
    const response = await search(q, '', as);
    expect(response.status, response.text).toBe(200);
    return (response.json.results as SearchResult[]).map((r) => r.note.body.split('\n')[0]);
  };

  it('finds a word by its stem, but not every word that starts alike', async () => {
    expect((await titles('recipes')).sort()).toEqual(['Baking', 'Bread', 'Soup recipe']);
    expect((await titles('recipe')).sort()).toEqual(['Baking', 'Bread', 'Soup recipe']);
    expect((await titles('running')).sort()).toEqual(['Morning', 'Race day']);
    expect(await titles('recipes warm')).toEqual(['Soup recipe']);
    expect(await titles('recipients')).toEqual(['Christmas cards']);
  });

  it('ranks the word as written above notes found only by its stem', async () => {
    // The stem in a title ranks below the word as written in a body.
    expect(await titles('recipes')).toEqual(['Baking', 'Soup recipe', 'Bread']);
    expect(await titles('running')).toEqual(['Race day', 'Morning']);
  });

  it('leaves out notes with an excluded word in any of its forms', async () => {
    expect((await titles('soup')).sort()).toEqual(['Soup recipe', 'Tomato soup']);
    expect(await titles('soup -recipes')).toEqual(['Tomato soup']);
    expect(await titles('bread -recipe')).toEqual([]);
  });

  it("never finds another user's note by a stem", async () => {
    expect(await titles('recipes', stranger)).toEqual(['Secret recipe']);
    expect(await titles('secrets')).toEqual([]);
  });

  it('finds a saved note by the stems of its new text only', async () => {
    const note = await createNote(server.url, cook, 'Plan\nbaking cakes');
    expect(await titles('bakes')).toEqual(['Baking', 'Plan']);
    await updateNote(server.url, cook, { ...note, body: 'Plan\ncooking dinner' });
    expect(await titles('bakes')).toEqual(['Baking']);
    expect(await titles('cooks')).toEqual(['Plan']);
    await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token: cook });
    expect(await titles('cooks')).toEqual([]);
  });
});

describe('GET /api/search in scripts written without spaces', () => {
  let writer: string;
  beforeAll(async () => {
    writer = await signUp(server.url);
    for (const body of [
      '日記\n北京大学で講義を聞いた。',
      '地名\n東京 京都 大阪',
      'ひらがな\nかがみ',
      'Mixed\nMeeting in 北京 2024 with 上海',
      '北京の天気\n今日は晴れ',
    ]) {
      await createNote(server.url, writer, body);
    }
  });
  const titles = async (q: string) => {
    const response = await search(q, '', writer);
    expect(response.status, response.text).toBe(200);
    return (response.json.results as SearchResult[]).map((r) => r.note.body.split('\n')[0]);
  };

  it('finds any run of characters, a match in the title first', async () => {
    const beijing = await titles('北京');
    expect(beijing[0]).toBe('北京の天気');
    expect([...beijing].sort()).toEqual(['Mixed', '北京の天気', '日記'].sort());
    expect([...(await titles('京'))].sort()).toEqual(
      ['Mixed', '北京の天気', '地名', '日記'].sort(),
    );
    expect(await titles('北京大')).toEqual(['日記']);
    expect(await titles('京都')).toEqual(['地名']);
    expect(await titles('がみ')).toEqual(['ひらがな']);
  });

  it('finds only text as written: not across a space, nor out of order', async () => {
    expect(await titles('東京都')).toEqual([]);
    expect(await titles('京北')).toEqual([]);
    expect(await titles('かみ')).toEqual([]);
  });

  it('finds a word at the very end of a long note, where word positions stop counting', async () => {
    const filler = '天地人和'.repeat(6_000);
    await createNote(server.url, writer, `長文\n${filler}龍鳳凰`);
    expect(await titles('龍鳳凰')).toEqual(['長文']);
    expect(await titles('鳳凰')).toEqual(['長文']);
    expect(await titles('凰鳳')).toEqual([]);
  });

  it('excludes such text, and matches it with spaces and digits when quoted', async () => {
    expect([...(await titles('北京 -大学'))].sort()).toEqual(['Mixed', '北京の天気'].sort());
    expect(await titles('"北京 2024"')).toEqual(['Mixed']);
    expect(await titles('"北京 2025"')).toEqual([]);
  });
});

describe('GET /api/search with a word in more notes than are ranked', () => {
  let many: string;
  let oldest: Note | undefined;

  beforeAll(async () => {
    many = await signUp(server.url);
    await createNote(server.url, many, 'Heron sightings\nby the lake');
    for (let i = 0; i < 260; i += 1) {
      const note = await createNote(server.url, many, `Entry ${i}\nheron seen today`);
      oldest ??= note;
    }
  });

  const titles = async (q: string, limit: number) => {
    const response = await search(q, `&limit=${limit}`, many);
    return (response.json.results as SearchResult[]).map((r) => r.note.body.split('\n')[0]);
  };

  it('still puts an old note with the word in its title first', async () => {
    expect(await titles('heron', 2)).toEqual(['Heron sightings', 'Entry 259']);
  });

  it('counts an old note just edited among the newest', async () => {
    if (!oldest) throw new Error('no notes made');
    expect(await titles('heron', 200)).not.toContain('Entry 0');
    await updateNote(server.url, many, { ...oldest, body: 'Entry 0\nheron seen yesterday' });
    expect(await titles('heron', 3)).toEqual(['Heron sightings', 'Entry 0', 'Entry 259']);
  });
});

describe('GET /api/search answers', () => {
  it('returns the full note and an escaped snippet with every match marked', async () => {
    const response = await search('quince');
    const [result] = response.json.results as SearchResult[];
    expect(result?.note).toEqual(notes.html);
    expect(result?.snippet).toBe(
      'Escaping &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot; with <mark>quince</mark>',
    );
    const [plan] = (await search('garden')).json.results as SearchResult[];
    expect(plan?.snippet).toBe('<mark>Garden</mark> ideas tomatoes');
    const weekly = ((await search('garden')).json.results as SearchResult[])[1];
    expect(weekly?.snippet).toBe(
      'Weekly plan remember the <mark>garden</mark> and the <mark>garden</mark> hose',
    );
  });

  it('never finds another user’s notes, even by exact phrase', async () => {
    expect(await found('"Secret of another user"')).toEqual([]);
    expect(await found('secret')).toEqual([]);
    const theirs = await search('"quick brown fox"', '', otherToken);
    expect(theirs.json.results.map((r: SearchResult) => r.note.body)).toEqual([
      'Secret of another user\nthe quick brown fox jumps',
    ]);
  });

  it('leaves the trash out unless trash=true', async () => {
    const note = await createNote(server.url, token, 'Binned\nwombat');
    await server.database.db
      .updateTable('notes')
      .set({ time_deleted: note.timeLastModified })
      .where('id', '=', note.id)
      .execute();
    expect(await found('wombat')).toEqual([]);
    expect(await found('wombat', '&trash=true')).toEqual(['Binned']);
  });

  it('forgets a note deleted for good, trash included', async () => {
    const note = await createNote(server.url, token, 'Gone for good\nquokka');
    expect(await found('quokka')).toEqual(['Gone for good']);
    await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token });
    expect(await found('quokka', '&trash=true')).toEqual(['Gone for good']);
    expect((await call(server.url, 'DELETE', `/api/trash/${note.id}`, { token })).status).toBe(204);
    expect(await found('quokka', '&trash=true')).toEqual([]);
  });

  it('honours limit, and refuses a bad one', async () => {
    expect(await found('the', '&limit=1')).toHaveLength(1);
    for (const bad of ['0', '201', '-1', 'x', '1.5']) {
      const response = await search('the', `&limit=${bad}`);
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('invalid_input');
    }
  });

  it('needs a session', async () => {
    expect((await call(server.url, 'GET', '/api/search?q=cafe')).status).toBe(401);
  });

  it('answers any query with results or a clear 400, never a 5xx', async () => {
    const corpus = [
      '"',
      '"unbalanced',
      'a"b',
      '""',
      '-',
      '- -',
      '--',
      '*',
      'gro*',
      '**',
      'NEAR',
      'NEAR(a b)',
      'a AND',
      'OR',
      'NOT cafe',
      ':',
      'title:cafe',
      'body:',
      '{title}: cafe',
      '^cafe',
      '(cafe',
      'cafe)',
      "it's",
      '\\',
      '%',
      '_',
      "'; drop table notes; --",
      '!cafe',
      '&',
      '<->',
      'a:*',
      'tag:',
      'tag:#',
      '#',
      '#errands',
      '\u0000',
      '🙂',
      'ﬁ',
      ' ',
      '',
      'x'.repeat(1000),
      'cafe '.repeat(40),
    ];
    for (const q of corpus) {
      const response = await search(q);
      expect([200, 400], `${JSON.stringify(q)}: ${response.text}`).toContain(response.status);
      if (response.status === 400) expect(response.json.code).toBe('invalid_input');
      else expect(Array.isArray(response.json.results)).toBe(true);
    }
    const long = await search('x'.repeat(10_000));
    expect(long.status).toBe(400);
    expect(long.json.code).toBe('invalid_input');
    expect((await call(server.url, 'GET', '/api/search', { token })).status).toBe(400);
    expect((await search('%ED%A0%80')).status).toBe(200);
    expect(await found('cafe')).toEqual(['Café visit']); // nothing changed
  });
});

describe('GET /api/search and a note named exactly', () => {
  it('puts the note whose title or alias is the query first, however many mention its words', async () => {
    const own = await signUp(server.url);
    // A long note whose words are mostly others; the notes below say its name again and again.
    await createNote(
      server.url,
      own,
      `# Obsidian CLI\n${'scripts run from a terminal. '.repeat(80)}`,
    );
    await createNote(server.url, own, '---\naliases: [Terminal tool]\n---\nShell helper\nobsidian');
    for (let i = 0; i < 8; i += 1) {
      await createNote(server.url, own, `Obsidian CLI ${i}\n${'Obsidian CLI. '.repeat(20)}`);
    }
    const first = async (q: string) => {
      const response = await search(q, '', own);
      expect(response.status, response.text).toBe(200);
      return (response.json.results as SearchResult[])[0]?.note.body.split('\n')[0];
    };
    expect(await first('Obsidian CLI')).toBe('# Obsidian CLI');
    expect(await first('obsidian  cli')).toBe('# Obsidian CLI');
    expect(await first('"Obsidian CLI"')).toBe('# Obsidian CLI');
    expect(await first('terminal tool')).toBe('---');
  });
});
