import { Button, FileButton, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PHOTO_ACCEPT } from '../../lib/photos/read-photos';

/** The rules of the photo flow (001 §2 "Build from photos") and the picker of many photos at once; `lodging`: the lodging photos' rules. */
export function PhotoPicker({
  onPick,
  variant = 'trip',
}: {
  onPick: (files: File[]) => void;
  variant?: 'trip' | 'lodging';
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        <Title order={2} fz="lg">
          {t('photos.rules.title')}
        </Title>
        <List spacing="xs">
          {variant === 'trip' ? (
            <>
              <List.Item>{t('photos.rules.allAtOnce')}</List.Item>
              <List.Item>{t('photos.rules.onePerPlace')}</List.Item>
            </>
          ) : (
            <List.Item>{t('photos.rules.lodging')}</List.Item>
          )}
          <List.Item>{t('photos.rules.gps')}</List.Item>
          <List.Item>{t('photos.rules.formats')}</List.Item>
        </List>
        {variant === 'trip' && (
          <Text size="sm" c="dimmed">
            {t('photos.rules.private')}
          </Text>
        )}
        <FileButton multiple accept={PHOTO_ACCEPT} onChange={(files) => files.length > 0 && onPick(files)}>
          {(props) => (
            <Button {...props} size="md" leftSection={<IconPhotoPlus aria-hidden size={20} />}>
              {t('photos.pick')}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}
