import { Button, Container, Text, Title, Typography } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PATHS } from '../../../lib/paths';
import { useStaticContent } from '../hooks/useStaticContent';
import type { StaticPageId } from '../content/types';
import classes from './StaticPage.module.css';

/** A readable text page: one h1, an optional "last updated" line, the body, and an optional back button. */
export function StaticPage({ id, withBack = false }: { id: StaticPageId; withBack?: boolean }) {
  const { t, i18n } = useTranslation();
  const content = useStaticContent(id);
  const navigate = useNavigate();
  const location = useLocation();
  // "Back" points toward the start of the line: right in Hebrew, left in English.
  const BackIcon = i18n.dir() === 'rtl' ? IconArrowRight : IconArrowLeft;
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(PATHS.home));
  return (
    <Container size={780} py={{ base: 'lg', sm: 48 }} px="md">
      <DocumentTitle title={content.title} />
      <article className={classes.article}>
        {withBack && (
          <Button
            variant="subtle"
            leftSection={<BackIcon aria-hidden size={18} />}
            onClick={back}
            mb="md"
            px="xs"
          >
            {t('static.back')}
          </Button>
        )}
        <Title order={1} className={classes.title}>
          {content.title}
        </Title>
        {content.updated && (
          <Text c="dimmed" size="sm" mt={4}>
            {content.updated}
          </Text>
        )}
        <Typography className={classes.body}>{content.body}</Typography>
      </article>
    </Container>
  );
}
