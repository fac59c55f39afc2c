import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DICTIONARY_WORDS } from '../src/shared/spelling.js';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The account's spelling settings: one language and one word list per account, on every device.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const settings = (token: string) => call(server.url, 'GET', '/api/account/spelling', { token });
const choose = (token: string, language: unknown) =>
  call(server.url, 'PUT', '/api/account/spelling/language', { token, body: { language } });
const add = (token: string, word: unknown) =>
  call(server.url, 'POST', '/api/account/spelling/words', { token, body: { word } });
const remove = (token: string, word: unknown) =>
  call(server.url, 'DELETE', '/api/account/spelling/words', { token, body: { word } });
const logIn = async (email: string) =>
  (
    await call(server.url, 'POST', '/api/login', {
      body: { username: email, password: 'correct horse' },
    })
  ).text;

describe('spelling settings', () => {
  it('start as English (US) with no words of its own', async () => {
    const token = await signUp(server.url);
    const answer = await settings(token);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ language: 'en-US', words: [] });
  });

  it('follow the account to its other sessions: language and words', async () => {
    const email = uniqueEmail();
    const laptop = await signUp(server.url, email);
    const phone = await logIn(email);

    expect((await choose(laptop, 'de')).json).toEqual({ language: 'de', words: [] });
    expect((await add(laptop, 'Zettelkasten')).json).toEqual({
      language: 'de',
      words: ['Zettelkasten'],
    });
    await add(phone, 'blorptastic');
    expect((await settings(laptop)).json).toEqual({
      language: 'de',
      words: ['Zettelkasten', 'blorptastic'],
    });

    expect((await choose(phone, 'off')).json.language).toBe('off');
    expect((await remove(phone, 'Zettelkasten')).json.words).toEqual(['blorptastic']);
    expect((await settings(laptop)).json).toEqual({ language: 'off', words: ['blorptastic'] });
  });

  it('keep a word once, composed, however it was typed', async () => {
    const token = await signUp(server.url);
    await add(token, 'Ångström'.normalize('NFD'));
    const again = await add(token, 'Ångström');
    expect(again.status).toBe(200);
    expect(again.json.words).toEqual(['Ångström']);
    expect((await remove(token, 'Ångström'.normalize('NFD'))).json.words).toEqual([]);
  });

  it('are each account’s own', async () => {
    const ann = await signUp(server.url);
    const bob = await signUp(server.url);
    await choose(ann, 'fr');
    await add(ann, 'annword');
    expect((await settings(bob)).json).toEqual({ language: 'en-US', words: [] });
    // Bob cannot take back a word only Ann has.
    const refused = await remove(bob, 'annword');
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('not_found');
    expect((await settings(ann)).json).toEqual({ language: 'fr', words: ['annword'] });
  });

  it('go with the account when it is deleted', async () => {
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    await choose(token, 'es');
    await add(token, 'gone');
    const { id } = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const deleted = await call(server.url, 'DELETE', '/api/account', {
      token,
      body: { password: 'correct horse' },
    });
    expect(deleted.status).toBe(204);
    for (const table of ['spelling_settings', 'dictionary_words'] as const) {
      const rows = await server.database.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });

  it('answer 401 without a session', async () => {
    for (const answer of [
      await call(server.url, 'GET', '/api/account/spelling'),
      await call(server.url, 'POST', '/api/account/spelling/words', { body: { word: 'x' } }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.json.code).toBe('unauthorized');
    }
  });

  it('refuse what is not one word or language with a 400, changing nothing', async () => {
    const token = await signUp(server.url);
    await add(token, 'kept');
    for (const word of [
      '',
      'two words',
      ' padded',
      'new\nline',
      'nul\u0000',
      'a/b',
      '😀',
      '-dash',
      "trailing'",
      'x'.repeat(65),
      42,
      null,
    ]) {
      const answer = await add(token, word);
      expect(answer.status, JSON.stringify(word)).toBe(400);
      expect(answer.json, JSON.stringify(word)).toEqual({
        error: expect.any(String),
        code: 'invalid_input',
      });
    }
    for (const language of ['it', 'EN-us', '', null, ['de']]) {
      const answer = await choose(token, language);
      expect(answer.status, JSON.stringify(language)).toBe(400);
      expect(answer.json.code).toBe('invalid_input');
    }
    expect((await remove(token, 'two words')).status).toBe(400);
    expect((await remove(token, 'absent')).status).toBe(404);
    expect((await settings(token)).json).toEqual({ language: 'en-US', words: ['kept'] });
  });

  it('hold at most so many words: one more is a 409 and the list stays', async () => {
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const words = Array.from({ length: MAX_DICTIONARY_WORDS }, (_, i) => `w${i.toString(36)}x`);
    // Straight to the table: a thousand requests would only slow the test.
    const { id: userId } = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await server.database.db
      .insertInto('dictionary_words')
      .values(words.map((word) => ({ user_id: userId, word, time_added: 1 })))
      .execute();
    expect((await settings(token)).json.words).toHaveLength(MAX_DICTIONARY_WORDS);

    const full = await add(token, 'onemore');
    expect(full.status).toBe(409);
    expect(full.json.code).toBe('conflict');
    // A word it has already is no addition.
    expect((await add(token, words[0])).status).toBe(200);
    expect((await settings(token)).json.words).not.toContain('onemore');
  });

  it('stop at the limit when adds arrive together', async () => {
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const { id: userId } = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const kept = Array.from({ length: MAX_DICTIONARY_WORDS - 3 }, (_, i) => `k${i.toString(36)}x`);
    await server.database.db
      .insertInto('dictionary_words')
      .values(kept.map((word) => ({ user_id: userId, word, time_added: 1 })))
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => add(token, `together${String.fromCharCode(97 + i)}`)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    expect((await settings(token)).json.words).toHaveLength(MAX_DICTIONARY_WORDS);
  });
});
