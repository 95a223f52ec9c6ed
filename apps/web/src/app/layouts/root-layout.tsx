import { Outlet } from 'react-router';
import { RouteProgress } from '../../components/layout/route-progress';

export function RootLayout() {
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
