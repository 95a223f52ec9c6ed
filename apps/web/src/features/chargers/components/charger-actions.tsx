import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import KeyIcon from '@mui/icons-material/Key';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import StopIcon from '@mui/icons-material/Stop';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import type { Charger, PinResetResult } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { confirm, type ConfirmType } from '../../../lib/confirm';
import { notify } from '../../../lib/notify';
import { useDeleteCharger } from '../api/delete-charger';
import { useRebootCharger } from '../api/reboot-charger';
import { useResetPin } from '../api/reset-pin';
import { useStartCharging } from '../api/start-charging';
import { useStopCharging } from '../api/stop-charging';
import { useUpdateFirmware } from '../api/update-firmware';
import { formatNumber } from '../lib/format';
import { loadManagementAllows, type LoadManagementCheck } from '../lib/load-management';
import { NewPinDialog } from './new-pin-dialog';

export type ChargerActionsProps = {
  charger: Charger;
  isLoadManagementActive: LoadManagementCheck;
  onDeleted: () => void;
};

type Action = 'start' | 'stop' | 'reboot' | 'firmware' | 'resetPin' | 'delete';

/** Spec section 4's charger actions, each asked through the global confirm dialog first. */
export function ChargerActions({ charger, isLoadManagementActive, onDeleted }: ChargerActionsProps) {
  const { t, i18n } = useTranslation();
  const start = useStartCharging();
  const stop = useStopCharging();
  const reboot = useRebootCharger();
  const firmware = useUpdateFirmware();
  const resetPin = useResetPin();
  const remove = useDeleteCharger();
  const [newPin, setNewPin] = useState<PinResetResult | null>(null);

  const name = charger.alias || charger.productCode;
  const chargerId = charger.id;
  const busy = [start, stop, reboot, firmware, resetPin, remove].some((mutation) => mutation.isPending);
  const charging = charger.ongoingSession !== null;
  const success = (message: string) => notify({ message, severity: 'success' });
  /** The confirm dialog of an action: its title, a question naming the charger, and the action as the button. */
  const ask = (action: Action, type: ConfirmType = 'primary', version = '') =>
    confirm({
      title: t(`chargers.confirm.${action}Title`),
      // A charger that never reported its firmware version: the operator is told so before choosing to install.
      content:
        action === 'firmware' && charger.firmwareVersion === null
          ? t('chargers.confirm.firmwareUnknownVersion', { name, version })
          : t(`chargers.confirm.${action}`, { name, version }),
      confirmText: t(`chargers.actions.${action}`),
      type,
    });

  const actions: Record<Action, () => Promise<void>> = {
    start: async () => {
      if (!(await ask('start'))) return;
      start.mutate(
        { chargerId },
        { onSuccess: (session) => success(t('chargers.done.started', { id: session.id })) },
      );
    },
    stop: async () => {
      if (!(await ask('stop', 'warning'))) return;
      stop.mutate(
        { chargerId, sessionId: charger.ongoingSession?.id },
        {
          onSuccess: (session) => {
            const energy = formatNumber(i18n.language, (session.energyWh ?? 0) / 1000, 3);
            success(t('chargers.done.stopped', { id: session.id, energy }));
          },
        },
      );
    },
    reboot: async () => {
      if (!(await ask('reboot', 'warning'))) return;
      reboot.mutate({ chargerId }, { onSuccess: () => success(t('chargers.done.rebooting', { name })) });
    },
    firmware: async () => {
      const version = charger.newFirmwareVersion;
      if (version === null || !(await ask('firmware', 'primary', version))) return;
      firmware.mutate(
        { chargerId, version },
        { onSuccess: ({ version }) => success(t('chargers.done.firmware', { version })) },
      );
    },
    resetPin: async () => {
      if (!(await ask('resetPin', 'warning'))) return;
      resetPin.mutate({ chargerId }, { onSuccess: setNewPin });
    },
    delete: async () => {
      // Spec section 4: the site is read first; with load management on, the reminder shows instead of the call.
      if (!(await loadManagementAllows(isLoadManagementActive))) return;
      if (!(await ask('delete', 'error'))) return;
      remove.mutate(
        { chargerId },
        {
          onSuccess: () => {
            success(t('chargers.done.deleted', { name }));
            onDeleted();
          },
        },
      );
    },
  };

  const button = (
    action: Action,
    testId: string,
    icon: ReactNode,
    options: {
      disabled?: boolean;
      color?: 'primary' | 'warning' | 'error';
      variant?: 'contained' | 'outlined';
    } = {},
  ) => (
    <Button
      variant={options.variant ?? 'outlined'}
      color={options.color ?? 'primary'}
      startIcon={icon}
      disabled={busy || options.disabled}
      onClick={() => void actions[action]()}
      data-testid={testId}
    >
      {t(`chargers.actions.${action}`)}
    </Button>
  );

  const offline = !charger.connected;
  return (
    <>
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} data-testid="charger-actions">
        {button('start', 'charger-action-start', <PlayArrowIcon />, {
          disabled: offline || charging,
          variant: 'contained',
        })}
        {button('stop', 'charger-action-stop', <StopIcon />, {
          disabled: offline || !charging,
          color: 'warning',
        })}
        {button('reboot', 'charger-action-reboot', <RestartAltIcon />, { disabled: offline })}
        {charger.newFirmwareVersion !== null &&
          button('firmware', 'charger-action-firmware', <SystemUpdateAltIcon />, { disabled: offline })}
        {button('resetPin', 'charger-action-reset-pin', <KeyIcon />)}
        {button('delete', 'charger-action-delete', <DeleteOutlineIcon />, { color: 'error' })}
      </Stack>
      <NewPinDialog productCode={charger.productCode} result={newPin} onClose={() => setNewPin(null)} />
    </>
  );
}
