import { Button, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '../../../components/StatusPage';
import { PATHS } from '../../../lib/paths';

/** Any address outside the route table. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={IconMapOff}
      title={t('notFound.title')}
      above={
        <Text fw={700} c="dimmed" size="lg">
          404
        </Text>
      }
    >
      <Text>{t('notFound.text')}</Text>
      <Button component={Link} to={PATHS.home} size="md">
        {t('notFound.home')}
      </Button>
    </StatusPage>
  );
}
