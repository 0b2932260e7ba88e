import { useState, type ReactNode } from 'react';
import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { normaliseLink } from '@rides/contract';
import { useTranslation } from 'react-i18next';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * 000 §2 "free text with an insert-link tool (link text and address; inserts an anchor at the caret)". The address
 * gets the contract's link rule (http:// when it has none; only http(s) with a real host); the server sanitises the
 * text when it is stored.
 */
export function LinkInserter({ onInsert, icon }: { onInsert(html: string): void; icon: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [href, setHref] = useState('');
  // The one link rule of the contract: null (refused) or '' (empty) insert nothing.
  const link = normaliseLink(href);
  const insert = () => {
    if (!link) return;
    onInsert(`<a href="${escapeHtml(link)}">${escapeHtml(text.trim() || link)}</a>`);
    setText('');
    setHref('');
    setOpen(false);
  };
  return (
    <Popover opened={open} onChange={setOpen} trapFocus position="bottom-start" withArrow>
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" mt={4} leftSection={icon} onClick={() => setOpen((o) => !o)}>
          {t('accommodations.insertLink')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput label={t('accommodations.linkText')} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <TextInput label={t('accommodations.linkAddress')} dir="ltr" value={href} onChange={(e) => setHref(e.currentTarget.value)} />
          <Group gap="xs" justify="flex-end">
            <Button size="compact-sm" variant="default" onClick={() => setOpen(false)}>
              {t('accommodations.cancel')}
            </Button>
            <Button size="compact-sm" onClick={insert} disabled={!link}>
              {t('accommodations.insert')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
