import { useState } from 'react';
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
import { useForm } from '../../../lib/use-form';
import { useUpdateCharger } from '../api/update-charger';
import { aliasError } from '../lib/alias';

export type ChargerAliasFieldProps = { charger: Charger };

const aliasRules = ({ alias }: { alias: string }) => {
  const error = aliasError(alias);
  return error ? { alias: error } : {};
};

/** The alias, edited in place: at most 8 characters, unique in the site (the server answers 1042 otherwise). */
export function ChargerAliasField({ charger }: ChargerAliasFieldProps) {
  const { t } = useTranslation();
  const updateCharger = useUpdateCharger();
  const [editing, setEditing] = useState(false);
  const form = useForm({ alias: charger.alias }, aliasRules, {
    message: ({ key, max }) => t(`chargers.validation.${key}`, { max }),
  });

  if (!editing) {
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
              form.reset({ alias: charger.alias });
              setEditing(true);
            }}
            data-testid="charger-alias-edit"
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    );
  }

  const save = form.onSubmit(({ alias }) => {
    if (updateCharger.isPending) return;
    updateCharger.mutate(
      { chargerId: charger.id, alias: alias.trim() },
      {
        onSuccess: () => {
          notify({ message: t('chargers.alias.saved'), severity: 'success' });
          setEditing(false);
        },
      },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={save} direction="row" spacing={1} alignItems="flex-start">
      <TextField
        {...form.textField('alias')}
        id="charger-alias-input"
        size="small"
        autoFocus
        label={t('chargers.alias.label')}
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
      <Button
        size="small"
        color="inherit"
        onClick={() => setEditing(false)}
        data-testid="charger-alias-cancel"
      >
        {t('chargers.alias.cancel')}
      </Button>
    </Stack>
  );
}
