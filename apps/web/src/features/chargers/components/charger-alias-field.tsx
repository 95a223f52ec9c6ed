import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateCharger } from '../api/update-charger';
import { aliasError } from '../lib/alias';

export type ChargerAliasFieldProps = { charger: Charger };

/** The alias, edited in place: at most 8 characters, unique in the site (the server answers 1042 otherwise). */
export function ChargerAliasField({ charger }: ChargerAliasFieldProps) {
  const { t } = useTranslation();
  const updateCharger = useUpdateCharger();
  const [draft, setDraft] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  if (draft === null) {
    return (
      <Stack direction="row" spacing={0.5} alignItems="center">
        <Box component="span" data-testid="charger-detail-alias">
          {charger.alias}
        </Box>
        <Tooltip title={t('chargers.alias.edit')}>
          <IconButton
            size="small"
            aria-label={t('chargers.alias.edit')}
            onClick={() => {
              setDraft(charger.alias);
              setSubmitted(false);
            }}
            data-testid="charger-alias-edit"
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    );
  }

  const error = submitted ? aliasError(draft) : null;
  const save = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (aliasError(draft) || updateCharger.isPending) return;
    updateCharger.mutate(
      { chargerId: charger.id, alias: draft.trim() },
      {
        onSuccess: () => {
          notify({ message: t('chargers.alias.saved'), severity: 'success' });
          setDraft(null);
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={save} direction="row" spacing={1} alignItems="flex-start">
      <TextField
        id="charger-alias-input"
        size="small"
        autoFocus
        label={t('chargers.alias.label')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={error !== null}
        helperText={error ? t(`chargers.validation.${error.key}`, { max: error.max }) : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'charger-alias-input' } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="small"
        loading={updateCharger.isPending}
        data-testid="charger-alias-save"
      >
        {t('chargers.alias.save')}
      </Button>
      <Button size="small" color="inherit" onClick={() => setDraft(null)} data-testid="charger-alias-cancel">
        {t('chargers.alias.cancel')}
      </Button>
    </Stack>
  );
}
