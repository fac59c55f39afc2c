import './startup-screen.css';

/** Shown while a stored token is checked, so the Log In form never flashes for a valid session. */
export function StartupScreen({ unreachable }: { unreachable: boolean }) {
  return (
    <main className="startup-screen" aria-busy={!unreachable}>
      <p className="startup-screen__brand">Quire</p>
      <p className="startup-screen__message" role="status">
        {unreachable ? 'Cannot reach the server. Retrying…' : 'Loading…'}
      </p>
    </main>
  );
}
