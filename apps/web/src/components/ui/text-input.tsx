import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

type HtmlInputProps = InputHTMLAttributes<HTMLInputElement> & {
  [data: `data-${string}`]: string | undefined;
};

export type TextInputProps = {
  name?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  label?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  id?: string;
  /** Styles of the root, as TextField's `sx`. */
  sx?: SxProps<Theme>;
  slotProps?: { htmlInput?: HtmlInputProps };
};

/**
 * MUI's outlined TextField for the account screens (login, register, code, forgot/reset), built from the very parts
 * TextField renders, with its markup, classes and ARIA links. TextField itself also imports Select for its `select`
 * mode, and with it Menu, Popover, Modal and their transitions: about 16 KB gzip that /login would download for two
 * text boxes. The console's screens keep TextField.
 */
export function TextInput({
  label,
  helperText,
  id: idOverride,
  required = false,
  disabled = false,
  fullWidth = false,
  error = false,
  sx,
  slotProps,
  ...input
}: TextInputProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      error={error}
      sx={sx}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
        inputProps={slotProps?.htmlInput}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
