import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type SectionProps = { title: string; children: ReactNode };

/** A titled group of fields in the details panel. */
export function Section({ title, children }: SectionProps) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1, textTransform: 'uppercase' }}>
        {title}
      </Typography>
      <Stack spacing={1}>{children}</Stack>
      <Divider sx={{ mt: 2 }} />
    </Box>
  );
}

export type FieldProps = { label: string; testId?: string; children: ReactNode };

/** A label and its value; the value carries the test id. */
export function Field({ label, testId, children }: FieldProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '150px 1fr', gap: 2, alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, wordBreak: 'break-word' }} data-testid={testId}>
        {children}
      </Box>
    </Box>
  );
}
