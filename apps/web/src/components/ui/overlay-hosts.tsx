import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { getPendingConfirm, subscribeToConfirms } from '../../lib/confirm';
import { getCurrentNotification, subscribeToNotifications } from '../../lib/notify';

type Host = ComponentType;

/**
 * A host whose code is fetched the first time it has something to show, then kept. If its chunk does not load
 * (offline, or a newer release replaced it), nothing is shown and the app around it is unaffected: the next thing to
 * show (`attempt` changes) tries again.
 */
function onDemand(load: () => Promise<Host>) {
  let loaded: Host | null = null;
  let loading: Promise<Host> | null = null;
  const loadOnce = () =>
    (loading ??= load().then(
      (host) => (loaded = host),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  return function OnDemandHost({ attempt }: { attempt: number | null }) {
    const [Loaded, setLoaded] = useState<Host | null>(() => loaded);
    useEffect(() => {
      if (Loaded || attempt === null) return;
      let current = true;
      loadOnce().then(
        (host) => current && setLoaded(() => host),
        () => undefined,
      );
      return () => {
        current = false;
      };
    }, [Loaded, attempt]);
    return Loaded ? <Loaded /> : null;
  };
}

const ConfirmDialogHost = onDemand(() => import('./confirm-dialog').then((m) => m.ConfirmDialogHost));
const NotificationHost = onDemand(() => import('./notifications').then((m) => m.NotificationHost));

/**
 * The global confirm dialog and the toasts. They are rarely on screen, so their MUI code (Dialog, Snackbar, Alert)
 * is not part of the first page's scripts: each is fetched when `confirm()` or `notify()` first has something to show.
 */
export function OverlayHosts() {
  const confirmId = useSyncExternalStore(subscribeToConfirms, pendingConfirmId, pendingConfirmId);
  const notificationId = useSyncExternalStore(subscribeToNotifications, notificationShown, notificationShown);
  return (
    <>
      <ConfirmDialogHost attempt={confirmId} />
      <NotificationHost attempt={notificationId} />
    </>
  );
}

const pendingConfirmId = () => getPendingConfirm()?.id ?? null;
const notificationShown = () => getCurrentNotification()?.id ?? null;
