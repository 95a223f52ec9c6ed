import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { DataTransferAnswer } from '@plugboard/contract';
import { ToolCard } from '../../../components/ui/tool-card';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { useDataTransfer } from '../api/data-transfer';
import { answerSeverity } from '../lib/answer';

export type DataTransferCardProps = { chargerId: number; name: string; connected: boolean };

/** DataTransfer for a vendor id the operator names: sent as typed, the charger's status and data shown raw. */
export function DataTransferCard({ chargerId, name, connected }: DataTransferCardProps) {
  const { t } = useTranslation();
  const send = useDataTransfer();
  const [vendorId, setVendorId] = useState('');
  const [messageId, setMessageId] = useState('');
  const [data, setData] = useState('');
  const [answer, setAnswer] = useState<DataTransferAnswer | null>(null);

  const submit = async () => {
    const confirmed = await confirm({
      title: t('chargerTools.dataTransfer.title'),
      content: t('chargerTools.dataTransfer.confirm', { vendorId: vendorId.trim(), name }),
      confirmText: t('chargerTools.operations.send'),
      type: 'primary',
    });
    if (!confirmed) return;
    send.mutate(
      {
        chargerId,
        vendorId: vendorId.trim(),
        ...(messageId.trim() && { messageId: messageId.trim() }),
        ...(data !== '' && { data }),
      },
      { onSuccess: setAnswer },
    );
  };

  return (
    <ToolCard
      layout="column"
      title={t('chargerTools.dataTransfer.title')}
      help={t('chargerTools.dataTransfer.help')}
      testId="data-transfer"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          size="small"
          fullWidth
          label={t('chargerTools.dataTransfer.vendorId')}
          value={vendorId}
          onChange={(event) => setVendorId(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'data-transfer-vendor' } }}
        />
        <TextField
          size="small"
          fullWidth
          label={t('chargerTools.dataTransfer.messageId')}
          value={messageId}
          onChange={(event) => setMessageId(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'data-transfer-message' } }}
        />
      </Stack>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('chargerTools.dataTransfer.data')}
        value={data}
        onChange={(event) => setData(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 10_000, 'data-testid': 'data-transfer-data' } }}
      />
      <Box>
        <Button
          variant="outlined"
          disabled={!connected || send.isPending || vendorId.trim() === ''}
          onClick={() => void submit()}
          data-testid="data-transfer-send"
        >
          {t('chargerTools.operations.send')}
        </Button>
      </Box>
      {answer && (
        <Alert severity={answerSeverity(answer.status)} data-testid="data-transfer-answer">
          {t('chargerTools.dataTransfer.answer', { status: answer.status })}
          {answer.data !== null && (
            <Box component="pre" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {answer.data}
            </Box>
          )}
        </Alert>
      )}
    </ToolCard>
  );
}
