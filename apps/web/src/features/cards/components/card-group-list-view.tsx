import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { CardGroup } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCardGroups } from '../api/get-card-groups';
import { useUpdateCardGroup } from '../api/update-card-group';
import { CardGroupDialog } from './card-group-dialog';
import { CardGroupTable, type CardGroupAction } from './card-group-table';
import { CardsNav } from './cards-nav';
import { DeleteGroupDialog } from './delete-group-dialog';

type GroupDialog = { kind: 'form'; group?: CardGroup } | { kind: 'delete'; group: CardGroup };

/** The card groups screen (cardGroup): each group's share of the tariff, its cards, and which one is the default. */
export function CardGroupListView() {
  const { t } = useTranslation();
  const groups = useCardGroups();
  const updateGroup = useUpdateCardGroup();
  const [dialog, setDialog] = useState<GroupDialog | null>(null);
  const list = groups.data?.list ?? [];
  const success = (message: string) => notify({ message, severity: 'success' });

  const onAction = (action: CardGroupAction, group: CardGroup) => {
    if (action === 'edit') setDialog({ kind: 'form', group });
    else if (action === 'delete') setDialog({ kind: 'delete', group });
    else if (!updateGroup.isPending) {
      updateGroup.mutate(
        { id: group.id, isDefault: true },
        { onSuccess: () => success(t('cardGroups.madeDefault', { name: group.name })) },
      );
    }
  };

  const empty =
    groups.isError && !groups.data ? (
      <Stack spacing={1} alignItems="center" data-testid="card-group-list-error">
        <Typography color="error">{t('cardGroups.loadFailed')}</Typography>
        <Button size="small" onClick={() => void groups.refetch()}>
          {t('cards.retry')}
        </Button>
      </Stack>
    ) : (
      <Typography color="text.secondary" data-testid="card-group-list-empty">
        {t(groups.isPending ? 'cards.loading' : 'cardGroups.empty')}
      </Typography>
    );

  return (
    <Box component="section" data-testid="card-group-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('cardGroups.title')}
      </Typography>
      <CardsNav />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {t('cardGroups.intro')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ kind: 'form' })}
          data-testid="card-group-add"
        >
          {t('cardGroups.add')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{(groups.isFetching || updateGroup.isPending) && <LinearProgress />}</Box>
        <Box sx={{ overflowX: 'auto' }}>
          <CardGroupTable groups={list} onAction={onAction} empty={empty} />
        </Box>
      </Paper>
      {dialog?.kind === 'form' && (
        <CardGroupDialog
          group={dialog.group}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            success(
              t(dialog.group ? 'cardGroups.form.saved' : 'cardGroups.form.added', { name: saved.name }),
            );
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteGroupDialog
          group={dialog.group}
          groups={list}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            success(t('cardGroups.delete.done', { name: dialog.group.name }));
          }}
        />
      )}
    </Box>
  );
}
