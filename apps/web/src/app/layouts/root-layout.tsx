import { Outlet } from 'react-router';
import { RouteProgress } from '../../components/layout/route-progress';
import { useNavigationPending } from '../app-routes';

export function RootLayout() {
  return (
    <>
      <RouteProgress loading={useNavigationPending()} />
      <Outlet />
    </>
  );
}
