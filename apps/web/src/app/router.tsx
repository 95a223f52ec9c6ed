import { Navigate, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/ui/route-error-boundary';
import { RootLayout } from './layouts/root-layout';
import { lazyRoute } from './lazy-route';
import { requireSession } from './require-session';
import { requireSite } from './require-site';

const cardsRoute = () =>
  requireSite(
    lazyRoute(
      () => import('./routes/cards'),
      (m) => m.CardsRoute,
    ),
  );
const resetPasswordRoute = () =>
  lazyRoute(
    () => import('./routes/reset-password'),
    (m) => m.ResetPasswordRoute,
  );

/** Spec section 2. Paths are the console's historical ones (camelCase included), so old bookmarks keep working. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Pathless: the query cache around every screen that reads server data (see DataLayout).
        ...lazyRoute(
          () => import('./layouts/data-layout'),
          (m) => m.DataLayout,
        ),
        children: [
          {
            path: '/',
            ...requireSession(
              lazyRoute(
                () => import('./layouts/authenticated-layout'),
                (m) => m.AuthenticatedLayout,
              ),
            ),
            children: [
              { index: true, element: <Navigate to="/overview" replace /> },
              {
                path: 'overview',
                ...lazyRoute(
                  () => import('./routes/overview'),
                  (m) => m.OverviewRoute,
                ),
              },
              {
                path: 'chargeList',
                ...requireSite(
                  lazyRoute(
                    () => import('./routes/charge-list'),
                    (m) => m.ChargeListRoute,
                  ),
                ),
              },
              {
                path: 'chargeList/:chargerId/tools',
                ...requireSite(
                  lazyRoute(
                    () => import('./routes/charger-tools'),
                    (m) => m.ChargerToolsRoute,
                  ),
                ),
              },
              {
                path: 'sessionList',
                ...requireSite(
                  lazyRoute(
                    () => import('./routes/session-list'),
                    (m) => m.SessionListRoute,
                  ),
                ),
              },
              {
                path: 'session/detail/:orderNo',
                ...requireSite(
                  lazyRoute(
                    () => import('./routes/session-detail'),
                    (m) => m.SessionDetailRoute,
                  ),
                ),
              },
              { path: 'card/list', ...cardsRoute() },
              { path: 'card/group', ...cardsRoute() },
              {
                path: 'cardGroup',
                ...requireSite(
                  lazyRoute(
                    () => import('./routes/card-group'),
                    (m) => m.CardGroupRoute,
                  ),
                ),
              },
              {
                path: 'invoice/list',
                ...requireSite(
                  lazyRoute(
                    () => import('./routes/invoice-list'),
                    (m) => m.InvoiceListRoute,
                  ),
                ),
              },
              {
                path: 'tariffInfo',
                ...requireSite(
                  lazyRoute(
                    () => import('./routes/tariff-info'),
                    (m) => m.TariffInfoRoute,
                  ),
                ),
              },
              {
                path: 'load',
                ...lazyRoute(
                  () => import('./routes/load'),
                  (m) => m.LoadRoute,
                ),
              },
              {
                path: 'display',
                ...requireSite(
                  lazyRoute(
                    () => import('./routes/display'),
                    (m) => m.DisplayRoute,
                  ),
                ),
              },
              {
                path: 'account',
                ...lazyRoute(
                  () => import('./routes/account'),
                  (m) => m.AccountRoute,
                ),
              },
              {
                path: 'rich-text-editor',
                ...requireSite(
                  lazyRoute(
                    () => import('./routes/rich-text-editor'),
                    (m) => m.RichTextEditorRoute,
                  ),
                ),
              },
              {
                path: 'siteManage/add',
                ...lazyRoute(
                  () => import('./routes/site-add'),
                  (m) => m.SiteAddRoute,
                ),
              },
              {
                path: 'siteManage/siteList',
                ...lazyRoute(
                  () => import('./routes/site-list'),
                  (m) => m.SiteListRoute,
                ),
              },
              {
                path: 'siteManage/:type/:id',
                ...lazyRoute(
                  () => import('./routes/site-edit'),
                  (m) => m.SiteEditRoute,
                ),
              },
            ],
          },
          {
            path: 'select-site',
            // Choosing or adding a site needs a session; without one the login screen comes first.
            ...requireSession(
              lazyRoute(
                () => import('./routes/select-site'),
                (m) => m.SelectSiteRoute,
              ),
            ),
          },
          {
            path: 'add-site',
            // Choosing or adding a site needs a session; without one the login screen comes first.
            ...requireSession(
              lazyRoute(
                () => import('./routes/add-site'),
                (m) => m.AddSiteRoute,
              ),
            ),
          },
        ],
      },
      {
        path: 'login',
        ...lazyRoute(
          () => import('./routes/login'),
          (m) => m.LoginRoute,
        ),
      },
      {
        path: 'register',
        ...lazyRoute(
          () => import('./routes/register'),
          (m) => m.RegisterRoute,
        ),
      },
      {
        path: 'check',
        ...lazyRoute(
          () => import('./routes/check'),
          (m) => m.CheckRoute,
        ),
      },
      {
        path: 'forgot-password',
        ...lazyRoute(
          () => import('./routes/forgot-password'),
          (m) => m.ForgotPasswordRoute,
        ),
      },
      {
        // A display link (docs/display.md): the board of one site, without a login; the token is in the fragment.
        path: 'kiosk',
        ...lazyRoute(
          () => import('./routes/kiosk'),
          (m) => m.KioskRoute,
        ),
      },
      { path: 'reset-password', ...resetPasswordRoute() },
      { path: 'reset', ...resetPasswordRoute() },
      {
        path: '*',
        ...lazyRoute(
          () => import('./routes/not-found'),
          (m) => m.NotFoundRoute,
        ),
      },
    ],
  },
];
