import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import KeyIcon from '@mui/icons-material/Key';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import StopIcon from '@mui/icons-material/Stop';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import {
  chargerStartRefusal,
  connectorStartRefusal,
  stopRejectedMessage,
  type Charger,
  type ErrorCode,
  type PinResetResult,
} from '@plugboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { confirm, type ConfirmType } from '../../../lib/confirm';
import { notify } from '../../../lib/notify';
import { useDeleteCharger } from '../api/delete-charger';
import { chargersQueryKey } from '../api/get-chargers';
import { useRebootCharger } from '../api/reboot-charger';
import { useResetPin } from '../api/reset-pin';
import { useStartCharging } from '../api/start-charging';
import { useStopCharging } from '../api/stop-charging';
import { useUpdateFirmware } from '../api/update-firmware';
import { formatNumber } from '../lib/format';
import { loadManagementAllows, type LoadManagementCheck } from '../lib/load-management';
import { CloseSessionDialog } from './close-session-dialog';
import { ConnectorChoiceDialog, type ConnectorChoice } from './connector-choice-dialog';
import { NewPinDialog } from './new-pin-dialog';

export type ChargerActionsProps = {
  charger: Charger;
  isLoadManagementActive: LoadManagementCheck;
  onDeleted: () => void;
};

type Action = 'start' | 'stop' | 'reboot' | 'hardReset' | 'firmware' | 'resetPin' | 'delete';

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
  // A charger with several connectors: the dialog that asks which connector to start on, or which session to stop.
  const [choosing, setChoosing] = useState<'start' | 'stop' | null>(null);
  const [closing, setClosing] = useState(false);
  const queryClient = useQueryClient();

  const name = charger.alias || charger.productCode;
  const chargerId = charger.id;
  const busy = [start, stop, reboot, firmware, resetPin, remove].some((mutation) => mutation.isPending);
  const sessions = charger.ongoingSessions;
  const outlets = charger.connectors.filter((c) => c.connectorId > 0);
  const charging = sessions.length > 0;
  // Closed by hand: on an offline charger, or one that shows it no longer runs the session (it restarted, or
  // reported the connector free, without a StopTransaction): the server says so per session.
  const closable = sessions.some((s) => s.closable);
  // Why each connector cannot start (the server's rule); Start stays possible while one can.
  const refusalOn = (connectorId: number) => startRefusal(charger, connectorId);
  const refusals = outlets.length > 0 ? outlets.map((c) => refusalOn(c.connectorId)) : [refusalOn(1)];
  const startBlocked = refusals.every((code) => code !== undefined);
  const distinct = new Set(refusals);
  const [onlyRefusal] = distinct;
  const startHint = !startBlocked
    ? null
    : distinct.size === 1 && onlyRefusal !== undefined
      ? t(`errors.${onlyRefusal}`)
      : t('chargers.choose.noneCanStart');
  const success = (message: string) => notify({ message, severity: 'success' });
  /** The confirm dialog of an action: its title, a question naming the charger, and the action as the button. */
  const ask = (action: Action, type: ConfirmType = 'primary', version = '') =>
    confirm({
      title: t(`chargers.confirm.${action}Title`),
      // A charger that never reported its firmware version: the operator is told so before choosing to install.
      content: [
        action === 'firmware' && charger.firmwareVersion === null
          ? t('chargers.confirm.firmwareUnknownVersion', { name, version })
          : t(`chargers.confirm.${action}`, { name, version }),
        // Which message goes: the catalogue entry's certificate and signature decide (SignedUpdateFirmware).
        ...(action === 'firmware'
          ? [
              t(
                charger.newFirmwareSigned
                  ? 'chargers.confirm.firmwareSigned'
                  : 'chargers.confirm.firmwareUnsigned',
              ),
            ]
          : []),
      ].join('\n'),
      confirmText: t(`chargers.actions.${action}`),
      type,
    });

  const startOn = (connectorId?: number) =>
    start.mutate(
      { chargerId, ...(connectorId !== undefined && { connectorId }) },
      { onSuccess: (session) => success(t('chargers.done.started', { id: session.id })) },
    );
  const stopSession = (sessionId: number | undefined) =>
    stop.mutate(
      { chargerId, sessionId },
      {
        onSuccess: (session) => {
          const energy = formatNumber(i18n.language, (session.energyWh ?? 0) / 1000, 3);
          success(t('chargers.done.stopped', { id: session.id, energy }));
        },
        // The charger refused: it does not know the transaction. Closing it by hand is offered right there.
        onError: (error) => {
          if (!(error instanceof ApiError) || error.msg !== stopRejectedMessage) return;
          void queryClient.invalidateQueries({ queryKey: chargersQueryKey });
          setClosing(true);
        },
      },
    );

  const actions: Record<Action, () => Promise<void>> = {
    start: async () => {
      if (outlets.length > 1) return setChoosing('start');
      if (!(await ask('start'))) return;
      startOn();
    },
    stop: async () => {
      if (sessions.length > 1) return setChoosing('stop');
      if (!(await ask('stop', 'warning'))) return;
      stopSession(sessions[0]?.id);
    },
    reboot: async () => {
      if (!(await ask('reboot', 'warning'))) return;
      reboot.mutate({ chargerId }, { onSuccess: () => success(t('chargers.done.rebooting', { name })) });
    },
    // OCPP Reset Hard: a power cycle, for a charger a soft reset does not bring back.
    hardReset: async () => {
      if (!(await ask('hardReset', 'error'))) return;
      reboot.mutate(
        { chargerId, type: 'Hard' },
        { onSuccess: () => success(t('chargers.done.rebooting', { name })) },
      );
    },
    firmware: async () => {
      const version = charger.newFirmwareVersion;
      if (version === null || !(await ask('firmware', 'primary', version))) return;
      firmware.mutate(
        { chargerId, version },
        {
          onSuccess: ({ version, status, requestId }) => {
            if (status === null) return success(t('chargers.done.firmware', { version }));
            // SignedUpdateFirmware: the charger's answer, as it came (a refusal leaves the former status).
            const answer = t(`chargers.signedFirmwareAnswer.${status}`);
            if (status === 'Accepted' || status === 'AcceptedCanceled')
              return success(t('chargers.done.firmwareSigned', { version, requestId, answer }));
            notify({
              message: t('chargers.done.firmwareSignedRefused', { version, answer }),
              severity: 'error',
            });
          },
        },
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

  const connectorLabel = (id: number) => t('chargers.details.connector', { id });
  const startChoices = (): ConnectorChoice[] =>
    outlets.map((c) => ({
      value: c.connectorId,
      label: connectorLabel(c.connectorId),
      status: c.status,
      disabled: refusalOn(c.connectorId) !== undefined,
    }));
  const stopChoices = (): ConnectorChoice[] =>
    sessions.map((s) => ({
      value: s.id,
      label: t('chargers.choose.session', { connector: s.connectorId, id: s.id }),
    }));

  const offline = !charger.connected;
  return (
    <>
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} data-testid="charger-actions">
        {button('start', 'charger-action-start', <PlayArrowIcon />, {
          disabled: startBlocked,
          variant: 'contained',
        })}
        {button('stop', 'charger-action-stop', <StopIcon />, {
          disabled: offline || !charging,
          color: 'warning',
        })}
        {/* A session the charger cannot stop or no longer runs (offline, or forgotten): closed by hand. */}
        {closable && (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<DoneAllIcon />}
            disabled={busy}
            onClick={() => setClosing(true)}
            data-testid="charger-action-close-session"
          >
            {t('chargers.closeSession.button')}
          </Button>
        )}
        {button('reboot', 'charger-action-reboot', <RestartAltIcon />, { disabled: offline })}
        {button('hardReset', 'charger-action-hard-reset', <PowerSettingsNewIcon />, {
          disabled: offline,
          color: 'warning',
        })}
        {charger.newFirmwareVersion !== null &&
          button('firmware', 'charger-action-firmware', <SystemUpdateAltIcon />, { disabled: offline })}
        {button('resetPin', 'charger-action-reset-pin', <KeyIcon />)}
        {button('delete', 'charger-action-delete', <DeleteOutlineIcon />, { color: 'error' })}
      </Stack>
      {startHint !== null && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', mt: 1 }}
          data-testid="charger-action-start-hint"
        >
          {startHint}
        </Typography>
      )}
      <CloseSessionDialog charger={charger} open={closing} onClose={() => setClosing(false)} />
      <NewPinDialog productCode={charger.productCode} result={newPin} onClose={() => setNewPin(null)} />
      <ConnectorChoiceDialog
        open={choosing !== null}
        testId={`charger-choose-${choosing ?? 'start'}`}
        title={t(choosing === 'stop' ? 'chargers.confirm.stopTitle' : 'chargers.confirm.startTitle')}
        question={t(choosing === 'stop' ? 'chargers.choose.stop' : 'chargers.choose.start', { name })}
        confirmText={t(choosing === 'stop' ? 'chargers.actions.stop' : 'chargers.actions.start')}
        color={choosing === 'stop' ? 'warning' : 'primary'}
        choices={choosing === 'stop' ? stopChoices() : startChoices()}
        onClose={() => setChoosing(null)}
        onConfirm={(value) => {
          setChoosing(null);
          if (choosing === 'stop') stopSession(value);
          else startOn(value);
        }}
      />
    </>
  );
}

/** Why the server would refuse a start on this connector (the contract's rule), or undefined when it would send it. */
function startRefusal(charger: Charger, connectorId: number): ErrorCode | undefined {
  return (
    chargerStartRefusal(charger.connected, charger.connectors) ??
    connectorStartRefusal(
      charger.connectors,
      charger.ongoingSessions.map((s) => s.connectorId),
      connectorId,
    )
  );
}
