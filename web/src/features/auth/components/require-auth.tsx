import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../paths';
import { hasSession } from '../api/session';

/** Pages behind login: without a session cookie, go to /login carrying where we were in `f`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasSession()) return <Navigate to={paths.login.href({ from: location.pathname + location.search })} replace />;
  return children;
}
