/** `GET /api/account`: who is signed in, and whether two-factor sign-in is on. */
export interface AccountResponse {
  email: string;
  totpEnabled: boolean;
}

/** `POST /api/account/totp` → the secret to add to an authenticator app, as text and as a URI. */
export interface TotpSetupResponse {
  secret: string;
  uri: string;
}

/** One session of the signed-in user, as `GET /api/sessions` lists it. Times in Unix seconds. */
export interface SessionInfo {
  id: string;
  /** The session this request was made with. */
  current: boolean;
  timeCreated: number;
  timeLastSeen: number;
  userAgent: string | null;
  address: string | null;
}

export interface SessionListResponse {
  results: SessionInfo[];
}
