import { lazy, Suspense } from 'react';
import { useAppState } from './app-context.js';
import { LoginScreen } from './components/login-screen.js';
import { NotesScreen } from './components/notes-screen.js';
import { NoticeBar } from './components/notice-bar.js';
import { StartupScreen } from './components/startup-screen.js';

// Its own chunk: the QR code library is needed only while setting up two-factor sign-in.
const AccountScreen = lazy(() => import('./components/account/account-screen.js'));

/** Logged in → list/detail layout, otherwise Log In (docs/interface.md#which-screen-shows). */
export function App() {
  const startup = useAppState((state) => state.startup);
  const loggedIn = useAppState((state) => state.token !== '');
  const view = useAppState((state) => state.view);
  let screen = <LoginScreen />;
  if (startup !== 'done') screen = <StartupScreen unreachable={startup === 'unreachable'} />;
  else if (loggedIn && view === 'account') {
    screen = (
      <Suspense fallback={<StartupScreen unreachable={false} />}>
        <AccountScreen />
      </Suspense>
    );
  } else if (loggedIn) screen = <NotesScreen />;
  return (
    <>
      {screen}
      <NoticeBar />
    </>
  );
}
