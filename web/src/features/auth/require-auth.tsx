import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionToken } from '../../lib/cookies';

/** Pages behind login: without a session cookie, go to /login carrying where we were in `f`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!sessionToken()) {
    return <Navigate to={`/login?f=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return children;
}
