import { redirect } from 'react-router';
import { getToken } from '../lib/storage';

/** Loader of the authenticated layout: without a session token nothing behind it is loaded or shown. */
export function requireSession(): Response | null {
  return getToken() ? null : redirect('/login');
}
