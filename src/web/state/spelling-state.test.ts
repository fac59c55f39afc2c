import { describe, expect, it } from 'vitest';
import { initialAppState } from './app-state.js';
import { appReducer } from './reducer.js';

describe('spelling settings in the state', () => {
  const spelling = { language: 'de' as const, words: ['Zettel'] };

  it('are kept while signed in, and go with the session', () => {
    const signedIn = appReducer(initialAppState, { type: 'loggedIn', token: 't', email: 'a@b.c' });
    expect(signedIn.spelling).toBeNull();
    const known = appReducer(signedIn, { type: 'spellingChanged', spelling });
    expect(known.spelling).toEqual(spelling);
    expect(appReducer(known, { type: 'loggedOut' }).spelling).toBeNull();
    const other = appReducer(known, { type: 'loggedIn', token: 'u', email: 'b@b.c' });
    expect(other.spelling).toBeNull();
  });

  it('are not taken in after signing out (a late answer)', () => {
    expect(appReducer(initialAppState, { type: 'spellingChanged', spelling }).spelling).toBeNull();
  });
});
