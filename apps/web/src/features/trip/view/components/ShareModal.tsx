import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { showToast } from '../../../../lib/toast';
import { IconBrandFacebook, IconBrandTelegram, IconBrandWhatsapp, IconCopy, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';
import { socialShareUrl, type ShareTarget } from '../lib/share';

interface ShareModalProps {
  /** The view-only address to share (already on the product's / sub-domain's origin). */
  url: string;
  /** What is shared: the trip's or the activity's title (the message text of WhatsApp/Telegram, the native sheet's title). */
  title: string;
  kind: 'trip' | 'attraction';
  /** White-label sub-domain mode (000 §2): only "copy link" is offered. */
  copyOnly: boolean;
  onClose: () => void;
}

const TARGETS: { target: ShareTarget; icon: typeof IconBrandWhatsapp }[] = [
  { target: 'whatsapp', icon: IconBrandWhatsapp },
  { target: 'facebook', icon: IconBrandFacebook },
  { target: 'telegram', icon: IconBrandTelegram },
];

/** 000 §2 "share trip or attraction": the view-only link, social targets, copy link, and the phone's own share sheet. Its own chunk. */
export default function ShareModal({ url, title, kind, copyOnly, onClose }: ShareModalProps) {
  const { t } = useTranslation();
  const canShareNatively = !copyOnly && typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const text = kind === 'trip' ? t('trip.share.messageTrip', { title }) : t('trip.share.messageAttraction', { title });

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      showToast({ id: 'share-copy', color: 'brand', message: t('trip.share.copied') });
    } catch {
      showToast({ id: 'share-copy', color: 'red', message: t('trip.share.copyError') });
    }
  };
  const shareNatively = async () => {
    try {
      await navigator.share({ title, text, url });
    } catch {
      // Cancelled by the user, or refused: the other buttons remain.
    }
  };

  return (
    <AppModal opened onClose={onClose} title={kind === 'trip' ? t('trip.share.titleTrip') : t('trip.share.titleAttraction')}>
      <Stack gap="md">
        <Text size="sm">{t('trip.share.viewOnly')}</Text>
        <TextInput
          label={t('trip.share.linkLabel')}
          value={url}
          readOnly
          dir="ltr"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<IconCopy size={18} aria-hidden />} onClick={() => void copy()}>
            {t('trip.share.copy')}
          </Button>
          {canShareNatively && (
            <Button variant="light" leftSection={<IconShare size={18} aria-hidden />} onClick={() => void shareNatively()}>
              {t('trip.share.native')}
            </Button>
          )}
        </Group>
        {!copyOnly && (
          <Group gap="xs" wrap="wrap" role="group" aria-label={t('trip.share.socialLabel')}>
            {TARGETS.map(({ target, icon: Icon }) => (
              <Button
                key={target}
                component="a"
                href={socialShareUrl(target, url, text)}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                leftSection={<Icon size={18} aria-hidden />}
                aria-label={t(`trip.share.${target}Label`)}
              >
                {t(`trip.share.${target}`)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </AppModal>
  );
}
