import TextField from '@mui/material/TextField';
import type { CardGroup } from '@plugboard/contract';

export type GroupSelectProps = {
  label: string;
  /** The chosen group's id, or '' for none yet (then an empty first option shows). */
  value: string;
  onChange: (groupId: string) => void;
  groups: readonly CardGroup[];
  testId: string;
  id?: string;
  error?: boolean;
  helperText?: string | undefined;
  /** How a group reads in the list (its name unless told). */
  optionLabel?: (group: CardGroup) => string;
};

/** A native select of card groups: the card form, changing cards' group, and the receiver of a deleted group. */
export function GroupSelect({
  label,
  value,
  onChange,
  groups,
  testId,
  id,
  error,
  helperText,
  optionLabel = (group) => group.name,
}: GroupSelectProps) {
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      helperText={helperText}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      {value === '' && <option value="" />}
      {groups.map((group) => (
        <option key={group.id} value={group.id}>
          {optionLabel(group)}
        </option>
      ))}
    </TextField>
  );
}
