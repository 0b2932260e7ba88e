import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PATHS } from '../lib/paths';

/** Shown when a page fails to load (a chunk after a new deploy, or a bug): never a blank screen. */
export function RouteError() {
  return <ErrorContent standalone />;
}

/** The same inside the layout (header and footer stay), for errors of one page. */
export function PageError() {
  return <ErrorContent standalone={false} />;
}

function ErrorContent({ standalone }: { standalone: boolean }) {
  const landmark = standalone ? { component: 'main' as const, id: 'main' } : {};
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container size="sm" py="xl" {...landmark}>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text mt="md">{t('notFound.text')}</Text>
        <Button component={Link} to={PATHS.home} mt="lg">
          {t('notFound.home')}
        </Button>
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl" {...landmark}>
      <Stack>
        <Title order={1}>{t('routeError.title')}</Title>
        <Text>{t('routeError.text')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          <Button component="a" href={PATHS.home} variant="default">
            {t('routeError.home')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
