import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { localListStates } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useLocalList } from '../api/get-local-list';
import { useSaveLocalList } from '../api/save-local-list';

/**
 * The site's switch for the OCPP local authorization list: its chargers keep its cards and authorize them while
 * offline. On, it says the list's size and how many chargers hold it, wait for it, or cannot keep it.
 */
export function LocalListPanel() {
  const { t } = useTranslation();
  const list = useLocalList();
  const save = useSaveLocalList();
  const data = list.data;
  const enabled = data?.enabled ?? false;
  const counts = localListStates
    .map((state) => ({ state, count: data?.chargers.filter((c) => c.state === state).length ?? 0 }))
    .filter(({ count }) => count > 0);

  const toggle = (on: boolean) =>
    save.mutate(
      { enabled: on },
      {
        onSuccess: () =>
          notify({ message: t(on ? 'localList.savedOn' : 'localList.savedOff'), severity: 'success' }),
      },
    );

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} data-testid="local-list-panel">
      <Typography variant="subtitle1" component="h2">
        {t('localList.title')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            disabled={!data || save.isPending}
            onChange={(event) => toggle(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'local-list-switch' } as object }}
          />
        }
        label={t('localList.label')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('localList.help')}
      </Typography>
      {enabled && data && (
        <Stack spacing={0.5} sx={{ mt: 1 }} data-testid="local-list-summary">
          <Typography variant="body2">
            {t('localList.summary', { count: data.size, version: data.version })}
          </Typography>
          {counts.map(({ state, count }) => (
            <Typography key={state} variant="body2" data-testid={`local-list-state-${state}`}>
              {t(`localList.states.${state}`, { count })}
            </Typography>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
