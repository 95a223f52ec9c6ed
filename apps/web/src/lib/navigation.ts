// Lets code outside React (the api-client) navigate without a full reload. The console's routes register their
// router once on screen (app/app-routes.tsx); before that (or in a bare test) a plain location change is the fallback.
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function registerNavigate(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
