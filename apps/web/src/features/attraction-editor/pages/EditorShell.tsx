import type { ReactNode } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowBack, IconLock, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { StatusPage } from '../../../components/StatusPage';
import { messageKey } from '../../../lib/i18n';
import { openAppModal } from '../../../lib/modal-controller';

/** The editor's page: its create or edit title, then the form. */
export function EditorShell({ title, intro, children }: { title: string; intro?: string | undefined; children: ReactNode }) {
  return (
    <Container size={760} py="lg" px="md">
      <DocumentTitle title={title} />
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {intro && <Text c="dimmed">{intro}</Text>}
        {children}
      </Stack>
    </Container>
  );
}

/** Nobody signed in: the editor is for signed-in authors. */
export function SignInFirst({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <StatusPage icon={IconLogin} title={title}>
      <Text>{t('attractionEditor.signInText')}</Text>
      <Button onClick={() => openAppModal('login')}>{t('account.signIn')}</Button>
    </StatusPage>
  );
}

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
