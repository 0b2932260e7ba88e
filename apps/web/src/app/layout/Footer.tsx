import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { openAppModal } from '../../lib/modal-controller';
import { PATHS } from '../../lib/paths';
import { SITE } from '../../lib/site';
import classes from './Footer.module.css';

const LINKS = [
  { to: PATHS.about, key: 'footer.about' },
  { to: PATHS.terms, key: 'footer.terms' },
  { to: PATHS.privacy, key: 'footer.privacy' },
  { to: PATHS.deleteUser, key: 'footer.deleteUser' },
] as const;

/** Product branding, links to the static pages and a contact button. Not shown on a white-label sub-domain (000 §1). */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.top}>
          <Stack gap="xs" className={classes.brand}>
            <Logo inverted />
            <Text size="sm" className={classes.muted}>
              {t('footer.blurb')}
            </Text>
          </Stack>
          <nav aria-label={t('footer.linksLabel')}>
            <ul className={classes.links}>
              {LINKS.map((l) => (
                <li key={l.to}>
                  <Anchor component={Link} to={l.to} className={classes.link}>
                    {t(l.key)}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
          <Stack gap="xs" align="flex-start">
            <Button
              variant="white"
              color="brand"
              leftSection={<IconMail aria-hidden size={18} />}
              onClick={() => openAppModal('contact')}
            >
              {t('footer.contact')}
            </Button>
            <Text size="sm" className={classes.muted}>
              <Anchor href={SITE.emailHref} className={classes.link} dir="ltr">
                {SITE.email}
              </Anchor>
              {' · '}
              <Anchor href={SITE.phoneHref} className={classes.link} dir="ltr">
                {SITE.phone}
              </Anchor>
            </Text>
          </Stack>
        </div>
        <Group justify="space-between" className={classes.bottom}>
          <Text size="sm" className={classes.muted}>
            {t('footer.rights', { year })}
          </Text>
        </Group>
      </div>
    </footer>
  );
}
