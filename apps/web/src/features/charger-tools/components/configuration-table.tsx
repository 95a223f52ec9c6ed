import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import type { ConfigurationEntry, ConfigurationStatus } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useChangeConfiguration } from '../api/change-configuration';
import { useConfiguration } from '../api/get-configuration';
import { answerSeverity } from '../lib/answer';

export type ConfigurationTableProps = { chargerId: number; name: string; connected: boolean };

/**
 * GetConfiguration as a table: every key (or those asked for), read-only ones marked, the unknown ones listed; a
 * writable key is changed in place, behind the confirm dialog, and the charger's answer stays beside it.
 */
export function ConfigurationTable({ chargerId, name, connected }: ConfigurationTableProps) {
  const { t } = useTranslation();
  const [keysText, setKeysText] = useState('');
  const [asked, setAsked] = useState<{ keys: string[] } | null>(null);
  const [editing, setEditing] = useState<{ key: string; value: string } | null>(null);
  const [answers, setAnswers] = useState<Record<string, ConfigurationStatus>>({});
  const keys = asked?.keys ?? [];
  const configuration = useConfiguration(chargerId, keys, asked !== null);
  const change = useChangeConfiguration();

  const read = () => {
    const wanted = [...new Set(keysText.split(/[\s,]+/).filter(Boolean))];
    setAsked({ keys: wanted });
    setAnswers({});
    if (asked && asked.keys.join() === wanted.join()) void configuration.refetch();
  };

  const save = async (key: string, value: string) => {
    const confirmed = await confirm({
      title: t('chargerTools.configuration.confirmTitle'),
      content: t('chargerTools.configuration.confirm', { key, value, name }),
      confirmText: t('chargerTools.configuration.save'),
      type: 'warning',
    });
    if (!confirmed) return;
    change.mutate(
      { chargerId, key, value },
      {
        onSuccess: ({ status }) => {
          setAnswers((before) => ({ ...before, [key]: status }));
          setEditing(null);
          notify({
            message: t('chargerTools.configuration.answered', {
              key,
              status: t(`chargerTools.status.${status}`),
            }),
            severity: answerSeverity(status),
          });
        },
      },
    );
  };

  const valueCell = (entry: ConfigurationEntry) => {
    if (editing?.key !== entry.key) return entry.value ?? '—';
    return (
      <Stack direction="row" spacing={0.5} alignItems="center">
        <TextField
          size="small"
          value={editing.value}
          onChange={(event) => setEditing({ key: entry.key, value: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'configuration-value-input', maxLength: 500 } }}
          autoFocus
        />
        <IconButton
          aria-label={t('chargerTools.configuration.save')}
          onClick={() => void save(entry.key, editing.value)}
          disabled={change.isPending}
          data-testid="configuration-save"
        >
          <CheckIcon />
        </IconButton>
        <IconButton aria-label={t('chargerTools.configuration.cancel')} onClick={() => setEditing(null)}>
          <CloseIcon />
        </IconButton>
      </Stack>
    );
  };

  const data = configuration.data;
  return (
    <Stack spacing={2} data-testid="charger-configuration">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
        <TextField
          size="small"
          label={t('chargerTools.configuration.keys')}
          helperText={t('chargerTools.configuration.keysHelp')}
          value={keysText}
          onChange={(event) => setKeysText(event.target.value)}
          sx={{ flex: 1, maxWidth: 520 }}
          slotProps={{ htmlInput: { 'data-testid': 'configuration-keys' } }}
        />
        <Button
          variant="contained"
          onClick={read}
          disabled={!connected || configuration.isFetching}
          data-testid="configuration-read"
        >
          {t('chargerTools.configuration.read')}
        </Button>
      </Stack>
      {!connected && <Alert severity="info">{t('chargerTools.offline')}</Alert>}
      {data && data.unknownKeys.length > 0 && (
        <Alert severity="warning" data-testid="configuration-unknown">
          {t('chargerTools.configuration.unknown', { keys: data.unknownKeys.join(', ') })}
        </Alert>
      )}
      {data && (
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" data-testid="configuration-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('chargerTools.configuration.key')}</TableCell>
                <TableCell>{t('chargerTools.configuration.value')}</TableCell>
                <TableCell>{t('chargerTools.configuration.access')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.keys.map((entry) => (
                <TableRow key={entry.key} data-testid="configuration-row" data-key={entry.key}>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{entry.key}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {valueCell(entry)}
                  </TableCell>
                  <TableCell>
                    {entry.readonly ? (
                      <Chip
                        size="small"
                        label={t('chargerTools.configuration.readonly')}
                        data-testid="configuration-readonly"
                      />
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {t('chargerTools.configuration.writable')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {answers[entry.key] && (
                      <Chip
                        size="small"
                        color={answerSeverity(answers[entry.key]!)}
                        label={t(`chargerTools.status.${answers[entry.key]!}`)}
                        data-testid="configuration-answer"
                        sx={{ mr: 1 }}
                      />
                    )}
                    {!entry.readonly && editing?.key !== entry.key && (
                      <IconButton
                        aria-label={t('chargerTools.configuration.change', { key: entry.key })}
                        onClick={() => setEditing({ key: entry.key, value: entry.value ?? '' })}
                        disabled={!connected}
                        data-testid="configuration-edit"
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
