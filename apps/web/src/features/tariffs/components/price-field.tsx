import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';

export type PriceFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** "EUR/kWh", "EUR/min", "%". */
  unit: string;
  error?: string;
  helperText?: string;
  testId: string;
  size?: 'small' | 'medium';
};

/** A decimal input (comma or point) with its unit beside it; the message of a failed rule replaces the hint. */
export function PriceField({
  label,
  value,
  onChange,
  unit,
  error,
  helperText,
  testId,
  size = 'small',
}: PriceFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      size={size}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? helperText}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'data-testid': testId, autoComplete: 'off' },
        input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
        formHelperText: { 'data-testid': `${testId}-message` } as object,
      }}
    />
  );
}
