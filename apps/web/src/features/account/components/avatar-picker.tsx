import { useState, type ChangeEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { avatarTypes, type UserInfo } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateUser } from '../api/update-user';
import { avatarError, type MessageKey } from '../validation';

export type AvatarPickerProps = { user: UserInfo };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('Not read as a data URL'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The profile picture: checked here (type and size) before it is sent as a data URL, shown while it uploads. */
export function AvatarPicker({ user }: AvatarPickerProps) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire another change.
    event.target.value = '';
    if (!file) return;
    const problem = avatarError(file);
    setError(problem ?? null);
    if (problem) return;
    const dataUrl = await readAsDataUrl(file).catch(() => null);
    if (dataUrl === null) {
      setError('account.avatar.unreadable');
      return;
    }
    setPreview(dataUrl);
    update.mutate(
      { avatar: dataUrl },
      {
        onSuccess: () => notify({ message: t('account.avatar.updated'), severity: 'success' }),
        // After a success the stored picture (resized by the server) replaces the preview; after a failure the old one.
        onSettled: () => setPreview(null),
      },
    );
  };

  const remove = () =>
    update.mutate(
      { avatar: null },
      { onSuccess: () => notify({ message: t('account.avatar.removed'), severity: 'success' }) },
    );

  return (
    <Stack direction="row" spacing={2.5} alignItems="center" data-testid="account-avatar">
      <Avatar
        src={preview ?? user.avatar ?? undefined}
        alt={t('account.avatar.label')}
        sx={{ width: 88, height: 88, fontSize: 36, bgcolor: 'primary.main' }}
        data-testid="account-avatar-preview"
      >
        {user.name ? user.name.charAt(0).toUpperCase() : null}
      </Avatar>
      <Stack spacing={1} alignItems="flex-start">
        <Stack direction="row" spacing={1}>
          <Button
            component="label"
            variant="outlined"
            startIcon={<PhotoCameraOutlinedIcon />}
            loading={update.isPending}
            data-testid="account-avatar-change"
          >
            {t('account.avatar.change')}
            <input
              type="file"
              hidden
              accept={avatarTypes.join(',')}
              onChange={(event) => void choose(event)}
              data-testid="account-avatar-input"
            />
          </Button>
          {user.avatar && (
            <Button
              color="inherit"
              onClick={remove}
              disabled={update.isPending}
              data-testid="account-avatar-remove"
            >
              {t('account.avatar.remove')}
            </Button>
          )}
        </Stack>
        <Typography
          variant="body2"
          color={error ? 'error' : 'text.secondary'}
          role={error ? 'alert' : undefined}
          data-testid="account-avatar-message"
        >
          {error ? t(error) : t('account.avatar.hint')}
        </Typography>
      </Stack>
    </Stack>
  );
}
