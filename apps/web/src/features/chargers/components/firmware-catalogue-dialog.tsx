import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { chargerFieldLimits } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useAddFirmware, useFirmwareCatalogue } from '../api/firmware-catalogue';

export type FirmwareCatalogueDialogProps = { open: boolean; onClose: () => void };

type Entry = { model: string; version: string; url: string; signingCertificate: string; signature: string };
const empty: Entry = { model: '', version: '', url: '', signingCertificate: '', signature: '' };

/**
 * The account's firmware catalogue: what its chargers are offered (model, version, URL, signed or not), and a form to
 * add one. A version with its signing certificate and signature goes by SignedUpdateFirmware (the security
 * whitepaper), one without by UpdateFirmware.
 */
export function FirmwareCatalogueDialog({ open, onClose }: FirmwareCatalogueDialogProps) {
  const { t } = useTranslation();
  const catalogue = useFirmwareCatalogue({ enabled: open });
  const add = useAddFirmware();
  const [entry, setEntry] = useState(empty);
  const [tried, setTried] = useState(false);
  const missing = (field: keyof Entry) => tried && entry[field].trim() === '';
  const badUrl = tried && entry.url.trim() !== '' && !/^https?:\/\/\S+$/i.test(entry.url.trim());
  const certificate = entry.signingCertificate.trim();
  const signature = entry.signature.trim();
  // Both or neither: a signed firmware needs the certificate and the signature.
  const halfSigned = (certificate === '') !== (signature === '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const values = {
      model: entry.model.trim(),
      version: entry.version.trim(),
      url: entry.url.trim(),
      ...(certificate && signature && { signingCertificate: certificate, signature }),
    };
    if (
      !values.model ||
      !values.version ||
      !/^https?:\/\/\S+$/i.test(values.url) ||
      halfSigned ||
      add.isPending
    )
      return;
    add.mutate(values, {
      onSuccess: (added) => {
        notify({ message: t('chargers.firmwareCatalogue.added', added), severity: 'success' });
        setEntry(empty);
        setTried(false);
      },
    });
  };

  const field = (name: keyof Entry, max: number, error: boolean, helper?: string, rows?: number) => (
    <TextField
      size="small"
      {...(rows !== undefined && { multiline: true, minRows: rows, maxRows: 8 })}
      label={t(`chargers.firmwareCatalogue.${name}`)}
      value={entry[name]}
      onChange={(event) => setEntry({ ...entry, [name]: event.target.value })}
      error={error}
      helperText={helper}
      fullWidth
      slotProps={{ htmlInput: { maxLength: max, 'data-testid': `firmware-add-${name}` } }}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="firmware-catalogue-dialog">
      <DialogTitle>{t('chargers.firmwareCatalogue.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('chargers.firmwareCatalogue.explain')}
        </Typography>
        {catalogue.isFetching && <LinearProgress />}
        <Table size="small" data-testid="firmware-catalogue">
          <TableHead>
            <TableRow>
              <TableCell>{t('chargers.firmwareCatalogue.model')}</TableCell>
              <TableCell>{t('chargers.firmwareCatalogue.version')}</TableCell>
              <TableCell>{t('chargers.firmwareCatalogue.url')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(catalogue.data ?? []).map((row) => (
              <TableRow key={`${row.shared}-${row.model}-${row.version}`} data-testid="firmware-row">
                <TableCell>{row.model}</TableCell>
                <TableCell>{row.version}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{row.url}</TableCell>
                <TableCell>
                  {/* Signed: sent with SignedUpdateFirmware; unsigned: with UpdateFirmware. */}
                  <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                    <Chip
                      size="small"
                      data-testid="firmware-row-message"
                      {...(row.signed ? { color: 'success' as const } : { variant: 'outlined' as const })}
                      label={t(
                        row.signed
                          ? 'chargers.firmwareCatalogue.signed'
                          : 'chargers.firmwareCatalogue.unsigned',
                      )}
                    />
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(
                        row.shared ? 'chargers.firmwareCatalogue.shared' : 'chargers.firmwareCatalogue.own',
                      )}
                    />
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
            {catalogue.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} data-testid="firmware-catalogue-empty">
                  {t('chargers.firmwareCatalogue.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        <Stack component="form" noValidate onSubmit={submit} spacing={1.5} sx={{ mt: 3 }}>
          <Typography variant="subtitle2">{t('chargers.firmwareCatalogue.addTitle')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {field('model', chargerFieldLimits.firmwareModelMax, missing('model'))}
            {field('version', chargerFieldLimits.firmwareVersionMax, missing('version'))}
          </Stack>
          {field(
            'url',
            chargerFieldLimits.firmwareUrlMax,
            missing('url') || badUrl,
            missing('url') || badUrl ? t('chargers.firmwareCatalogue.urlInvalid') : undefined,
          )}
          <Typography variant="body2" color="text.secondary">
            {t('chargers.firmwareCatalogue.signedHelp')}
          </Typography>
          {field(
            'signingCertificate',
            chargerFieldLimits.signingCertificateMax,
            tried && halfSigned && certificate === '',
            undefined,
            3,
          )}
          {field(
            'signature',
            chargerFieldLimits.signatureMax,
            tried && halfSigned && signature === '',
            tried && halfSigned ? t('chargers.firmwareCatalogue.signedBoth') : undefined,
            2,
          )}
          <Stack direction="row" justifyContent="flex-end">
            <Button
              type="submit"
              variant="contained"
              loading={add.isPending}
              data-testid="firmware-add-submit"
            >
              {t('chargers.firmwareCatalogue.add')}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="firmware-catalogue-close">
          {t('chargers.firmwareCatalogue.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
