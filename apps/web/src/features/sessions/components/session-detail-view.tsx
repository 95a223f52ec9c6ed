import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionMissingMessage } from '@plugboard/contract';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDeleteSession } from '../api/delete-session';
import { sessionDetailQueryKey, useSession } from '../api/get-session';
import { CostBreakdown } from './cost-breakdown';
import { SessionChart } from './session-chart';
import { SessionCost } from './session-cost';
import { SessionFields } from './session-fields';
import { SessionStatusChip } from './session-status-chip';

export type SessionDetailViewProps = {
  orderNo: number;
  /** Where "back" and a finished delete lead. */
  listPath: string;
  onDeleted: () => void;
};

function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** One session: its fields, the cost breakdown, the power and energy chart, and delete (irreversible). */
export function SessionDetailView({ orderNo, listPath, onDeleted }: SessionDetailViewProps) {
  const { t } = useTranslation();
  const session = useSession(orderNo);
  const missing = session.error instanceof ApiError && session.error.msg === sessionMissingMessage;
  const remove = useDeleteSession();
  const data = session.data;
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) queryClient.removeQueries({ queryKey: sessionDetailQueryKey(orderNo) });
    },
    [queryClient, orderNo],
  );

  const onDelete = async () => {
    const confirmed = await confirm({
      title: t('sessions.delete.title'),
      content: t('sessions.delete.content', { orderNo }),
      confirmText: t('sessions.delete.confirm'),
      confirmColor: 'error',
      type: 'error',
    });
    if (!confirmed) return;
    remove.mutate(
      { orderNo },
      {
        onSuccess: () => {
          deleted.current = true;
          notify({ message: t('sessions.delete.deleted', { orderNo }), severity: 'success' });
          onDeleted();
        },
      },
    );
  };

  return (
    <Box component="section" data-testid="session-detail" data-order-no={orderNo}>
      <Button
        component={RouterLink}
        to={listPath}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1 }}
        data-testid="session-detail-back"
      >
        {t('sessions.detail.back')}
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        // On a phone the column would stretch the status chip to the full width.
        alignItems={{ xs: 'flex-start', sm: 'center' }}
        sx={{ mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          {t('sessions.detail.title', { orderNo })}
        </Typography>
        {data && <SessionStatusChip status={data.status} testId="session-detail-status" />}
        {data && (
          <Typography variant="h6" component="div" sx={{ flex: 1 }}>
            <SessionCost
              cost={data.cost}
              currency={data.currency}
              estimate={data.status === 'ongoing'}
              testId="session-detail-cost"
            />
          </Typography>
        )}
        {data && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => void onDelete()}
            disabled={data.status === 'ongoing' || remove.isPending}
            title={data.status === 'ongoing' ? t('sessions.delete.ongoing') : undefined}
            data-testid="session-delete"
          >
            {t('sessions.delete.button')}
          </Button>
        )}
      </Stack>
      {session.isPending && <LinearProgress data-testid="session-detail-loading" />}
      {session.isError && (
        <Alert
          severity="error"
          data-testid="session-detail-error"
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void session.refetch()}>
                {t('sessions.retry')}
              </Button>
            )
          }
        >
          {/* A session that does not exist (or is another site's) says so; a retry would not change it. */}
          {missing ? t('errors.precise.sessionMissing') : t('sessions.detail.loadFailed')}
        </Alert>
      )}
      {data && (
        <Stack spacing={2}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
              alignItems: 'start',
            }}
          >
            <Card title={t('sessions.detail.fieldsTitle')} testId="session-detail-fields">
              <SessionFields session={data} />
            </Card>
            <Card title={t('sessions.breakdown.title')} testId="session-detail-breakdown">
              <CostBreakdown breakdown={data.breakdown} currency={data.currency} />
            </Card>
          </Box>
          <Card title={t('sessions.chart.title')} testId="session-detail-chart">
            <SessionChart meterValues={data.meterValues} />
          </Card>
        </Stack>
      )}
    </Box>
  );
}
