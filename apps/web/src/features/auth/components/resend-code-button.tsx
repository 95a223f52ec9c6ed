import Button from '@mui/material/Button';
import { useTranslation } from '../../../lib/i18n';
import { useCodeCooldown } from '../../../lib/use-code-cooldown';

export type ResendCodeButtonProps = {
  email: string;
  pending: boolean;
  onResend: () => void;
  testId: string;
  disabled?: boolean;
};

/** "Resend code", counting down the minute the server wants between two codes to one address. */
export function ResendCodeButton({
  email,
  pending,
  onResend,
  testId,
  disabled = false,
}: ResendCodeButtonProps) {
  const { t } = useTranslation();
  const cooldown = useCodeCooldown(email);
  return (
    <Button onClick={onResend} disabled={disabled || cooldown > 0} loading={pending} data-testid={testId}>
      {cooldown > 0 ? t('auth.code.resendIn', { seconds: cooldown }) : t('auth.code.resend')}
    </Button>
  );
}
