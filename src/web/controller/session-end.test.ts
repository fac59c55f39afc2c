import { describe, expect, it, vi } from 'vitest';
import { NoteRequestError } from '../api/api-errors.js';
import { setup, useFakeClockQuietly } from './app-controller-harness.js';

describe('a session that ends on the server', () => {
  useFakeClockQuietly();

  it('shows Log In with the email kept and says the changes wait for the next log-in', async () => {
    const { controller, state, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(502));
    controller.editNote('a', 'Alpha, edited');
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUnauthorized();

    expect(state()).toMatchObject({ token: '', sessionEnded: true, email: 'Me@Example.org' });
    expect(state().notice?.text).toMatch(/Log in again to save your changes/);

    await controller.logIn('me@example.org', 'correct horse', '123456');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.logIn).toHaveBeenLastCalledWith('me@example.org', 'correct horse', '123456');
    expect(state()).toMatchObject({ token: 'new-token', sessionEnded: false });
    expect(state().notes.get('a')?.body).toBe('Alpha, edited');
  });

  it('says why when the server gave a reason', async () => {
    const { controller, state, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUnauthorized('password_changed');
    expect(state().notice?.text).toBe(
      'Your password was changed on another device. Please log in again.',
    );
  });

  it('does not hand one account’s drafts to another that signs in', async () => {
    const { controller, state, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(502));
    controller.editNote('a', 'not for the next account');
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUnauthorized();
    const saves = api.updateNote.mock.calls.length;
    await controller.logIn('someone-else@example.org', 'correct horse');
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ token: 'new-token', email: 'someone-else@example.org' });
    expect(state().drafts).toEqual({});
    expect(api.updateNote.mock.calls.length).toBe(saves);
  });

  it('opens the Account screen from the menu and goes back to the notes', async () => {
    const { controller, state } = setup('t');
    await controller.start();
    controller.toggleMenu(true);
    controller.showView('account');
    expect(state()).toMatchObject({ view: 'account', isMenuOpen: false });
    controller.showView('notes');
    expect(state().view).toBe('notes');
  });
});
