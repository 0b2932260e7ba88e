import { Button, Text } from '@mantine/core';
import { IconArrowBack, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '../../../../components/StatusPage';
import { messageKey } from '../../../../lib/i18n';

/** A refusal (not the author, a locked trip, not found...) in words, with the way back. */
export function Refused({ title, code, back }: { title: string; code: string; back: { to: string; label: string } | null }) {
  const { t } = useTranslation();
  return (
    <StatusPage icon={IconLock} title={title} role="alert">
      <Text>{t(messageKey(code))}</Text>
      {back && (
        <Button component={Link} to={back.to} variant="default" leftSection={<IconArrowBack size={16} aria-hidden />}>
          {back.label}
        </Button>
      )}
    </StatusPage>
  );
}
