import { Button, Group, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../lib/toast';
import { copyText } from '../lib/links';

/**
 * A link shown as it is sent (read-only, left to right, selected on focus) with its copy button: 001 §8 "link copied
 * successfully" or "error copying the link". `onCopied` runs after a copy that worked.
 */
export function CopyLinkField({
  label,
  value,
  description,
  onCopied,
}: {
  label: string;
  value: string;
  description?: string;
  onCopied?: () => void;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    const ok = await copyText(value);
    showToast({
      id: 'access-link-copy',
      color: ok ? 'brand' : 'red',
      message: ok ? t('accessKeys.copied') : t('accessKeys.copyError'),
    });
    if (ok) onCopied?.();
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        description={description}
        value={value}
        readOnly
        dir="ltr"
        style={{ flex: 1, minInlineSize: 0 }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button
        leftSection={<IconCopy size={18} aria-hidden />}
        onClick={() => void copy()}
        style={{ flex: 'none' }}
        aria-label={`${t('accessKeys.copy')}: ${label}`}
      >
        {t('accessKeys.copy')}
      </Button>
    </Group>
  );
}
