import type { ReactNode } from 'react';
import { Alert, Button, Container, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import { IconLogin, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openAppModal } from '../lib/modal-controller';
import { DocumentTitle } from './DocumentTitle';

/**
 * A page that says where the reader stands instead of showing content (not found, could not load, a private trip):
 * a large icon, the title (also the document's), then what the page says and offers, centred.
 */
export function StatusPage({
  icon: StatusIcon,
  title,
  size = 560,
  gap = 'md',
  role,
  above,
  children,
}: {
  icon: Icon;
  title: string;
  /** The column's width, px. */
  size?: number;
  gap?: MantineSpacing;
  /** E.g. 'alert' for an error the reader should hear at once. */
  role?: string;
  /** Between the icon and the title (the 404 page's number). */
  above?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={size} py={64} px="md">
      <DocumentTitle title={title} />
      <Stack align="center" ta="center" gap={gap} role={role}>
        <StatusIcon aria-hidden size={64} stroke={1.5} color="var(--mantine-color-brand-7)" />
        {above}
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

/** A page for signed-in users, to nobody signed in: why to sign in (`text`) and the sign-in button. */
export function SignInFirst({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <StatusPage icon={IconLogin} title={title}>
      <Text>{text}</Text>
      <Button onClick={() => openAppModal('login')}>{t('account.signIn')}</Button>
    </StatusPage>
  );
}

/**
 * SignInFirst's notice inside a page that keeps its own frame (a trip's stays, its extra information): why to sign in
 * and the sign-in button, with the page's own texts.
 */
export function SignInNotice({ title, text, signInLabel }: { title: string; text: string; signInLabel: string }) {
  return (
    <Alert color="brand" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button size="compact-md" onClick={() => openAppModal('login')}>
          {signInLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
