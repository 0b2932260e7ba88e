import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PATHS } from '../../../lib/paths';

/** Any address outside the route table. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size={560} py={64} px="md">
      <DocumentTitle title={t('notFound.title')} />
      <Stack align="center" ta="center" gap="md">
        <IconMapOff aria-hidden size={64} stroke={1.5} color="var(--mantine-color-brand-7)" />
        <Text fw={700} c="dimmed" size="lg">
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={Link} to={PATHS.home} size="md">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
